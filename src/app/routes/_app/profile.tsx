import { createFileRoute } from '@tanstack/react-router';
import { Divider } from '@mui/material';
import { CaptureSettings } from '@/features/capture';
import { AccountSettings } from '@/features/profile/components/AccountSettings';
import { SettingsSection } from '@/features/profile/components/SettingsSection';

export const Route = createFileRoute('/_app/profile')({
  component: Profile,
});

function Profile() {
  return (
    <AccountSettings>
      <Divider />
      <SettingsSection
        id="email-capture"
        title="E-mail capture"
        description="Mail you write to investors, and their replies you forward, logs itself on their rows: a touch, the last contacted date and a follow-up."
      >
        <CaptureSettings />
      </SettingsSection>
    </AccountSettings>
  );
}
