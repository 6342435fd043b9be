import type { ReactNode } from 'react';
import { Divider } from '@mui/material';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { PersonalInformationForm } from './PersonalInformationForm';
import { SecurityForm } from './SecurityForm';
import { SettingsSection } from './SettingsSection';

/** Account Settings at /profile: Personal Information and Security, then the sections of other features (`children`). */
export function AccountSettings({ children }: { children?: ReactNode }) {
  return (
    <>
      <PageTitle title="Account Settings" subtitle="Manage your personal details and password." />
      <Divider />
      <SettingsSection id="personal-information" title="Personal Information" description="The name shown in Fundscape.">
        <PersonalInformationForm />
      </SettingsSection>
      <Divider />
      <SettingsSection id="security" title="Security" description="Change the password you log in with. Use at least 8 characters.">
        <SecurityForm />
      </SettingsSection>
      {children}
    </>
  );
}
