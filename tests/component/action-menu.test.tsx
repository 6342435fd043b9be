// A page's secondary actions (a list's Edit, Export CSV, Share, Delete List…): the everyday ones buttons in the
// row on a wide screen and the rare ones in a "More" menu, all of them in "More" on a phone, where each item opens
// the same dialog as its button and the dialog outlives the menu.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { theme } from '@/app/theme';
import { ActionButton } from '@/components/ActionMenu/ActionButton';
import { ActionMenu } from '@/components/ActionMenu/ActionMenu';
import { ModalButton } from '@/components/Modal/ModalButton';

function renderActions(collapsed: boolean) {
  const onExport = vi.fn();
  const onDelete = vi.fn();
  const view = (collapsed: boolean) => (
    <ThemeProvider theme={theme}>
      <ActionMenu collapsed={collapsed}>
        <ActionButton label="Export CSV" icon={<FileDownloadOutlinedIcon />} onClick={onExport} />
        <>
          <ModalButton label="Share" icon={<PersonAddAltOutlinedIcon />} title="Share Seed round">
            {() => <p>Invite by e-mail</p>}
          </ModalButton>
        </>
        <ActionButton label="Delete List" variant="delete" icon={<DeleteOutlineIcon />} onClick={onDelete} disabled />
      </ActionMenu>
    </ThemeProvider>
  );
  const { rerender } = render(view(collapsed));
  return { onExport, onDelete, setCollapsed: (next: boolean) => rerender(view(next)) };
}

/** Export and Share for every day, Rename and Delete List in "More". */
function renderWithRareActions(collapsed: boolean) {
  const onDelete = vi.fn();
  const view = (collapsed: boolean) => (
    <ThemeProvider theme={theme}>
      <ActionMenu
        collapsed={collapsed}
        more={
          <>
            <ActionButton label="Rename" icon={<PersonAddAltOutlinedIcon />} onClick={() => {}} />
            <ActionButton label="Delete List" variant="delete" icon={<DeleteOutlineIcon />} onClick={onDelete} opens="dialog" />
          </>
        }
      >
        <ActionButton label="Export CSV" icon={<FileDownloadOutlinedIcon />} onClick={() => {}} />
        <ModalButton label="Share" icon={<PersonAddAltOutlinedIcon />} title="Share Seed round">
          {() => <p>Invite by e-mail</p>}
        </ModalButton>
      </ActionMenu>
    </ThemeProvider>
  );
  const { rerender } = render(view(collapsed));
  return { onDelete, setCollapsed: (next: boolean) => rerender(view(next)) };
}

describe('ActionMenu', () => {
  it('shows the actions as buttons in the row where there is room', async () => {
    const user = userEvent.setup();
    const { onExport } = renderActions(false);
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Delete List' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(within(screen.getByRole('dialog', { name: 'Share Seed round' })).getByText('Invite by e-mail')).toBeVisible();
  });

  it('collapses them into a More menu whose first item takes the focus, and whose items run them', async () => {
    const user = userEvent.setup();
    const { onExport } = renderActions(true);
    for (const name of ['Export CSV', 'Share', 'Delete List']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    // A phone's first screen draws none of the items until More is opened.
    expect(screen.queryByText('Export CSV')).not.toBeInTheDocument();

    await user.click(more);
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export CSV', 'Share', 'Delete List']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Export CSV' })).toHaveFocus());
    expect(within(menu).getByRole('menuitem', { name: 'Delete List' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Share' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Export CSV' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(onExport).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('keeps an item’s dialog open once the menu has closed, and gives the focus back to More when it closes', async () => {
    const user = userEvent.setup();
    renderActions(true);
    const more = screen.getByRole('button', { name: 'More' });
    await user.click(more);
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Seed round' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Invite by e-mail')).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('keeps a dialog opened from the menu, and what was typed in it, when the screen widens past the breakpoint', async () => {
    const user = userEvent.setup();
    const { setCollapsed } = renderActions(true);
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'More' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(within(screen.getByRole('menu', { name: 'More' })).getByRole('menuitem', { name: 'Share' }));
    const paragraph = within(screen.getByRole('dialog', { name: 'Share Seed round' })).getByText('Invite by e-mail');

    setCollapsed(false);
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Share Seed round' })).getByText('Invite by e-mail')).toBe(paragraph);
  });

  it('keeps the everyday actions in the row, before More, and the rare ones in More', async () => {
    const user = userEvent.setup();
    const { onDelete } = renderWithRareActions(false);
    const more = screen.getByRole('button', { name: 'More' });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Export CSV', 'Share', 'More']);
    expect(screen.queryByRole('button', { name: 'Delete List' })).not.toBeInTheDocument();

    await user.click(more);
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Rename', 'Delete List']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('puts every action in More on a phone, the everyday ones first', async () => {
    const user = userEvent.setup();
    renderWithRareActions(true);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['More']);
    await user.click(screen.getByRole('button', { name: 'More' }));
    const items = within(screen.getByRole('menu', { name: 'More' })).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Export CSV', 'Share', 'Rename', 'Delete List']);
  });

  it('keeps a dialog opened from a button in the row open when the screen narrows past the breakpoint', async () => {
    const user = userEvent.setup();
    const { setCollapsed } = renderWithRareActions(false);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const paragraph = within(screen.getByRole('dialog', { name: 'Share Seed round' })).getByText('Invite by e-mail');

    setCollapsed(true);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Share Seed round' })).getByText('Invite by e-mail')).toBe(paragraph);
  });
});
