import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, ClickAwayListener, MenuList } from '@mui/material';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { AppButton } from '@/components/AppButton/AppButton';

interface ActionMenuContextValue {
  /** Whether the action is an item of the "More" menu, rather than a button in the row. */
  inMenu: boolean;
  /** Closes the menu, the focus back on its button. */
  close: () => void;
  /** Where a button in the row is drawn: before More, wherever the action stands in the tree. */
  row: HTMLElement | null;
}

const ActionMenuContext = createContext<ActionMenuContextValue | null>(null);

/** The ActionMenu an ActionButton is in, or null where it is in none (a button where it stands). */
export function useActionMenu(): ActionMenuContextValue | null {
  return useContext(ActionMenuContext);
}

export interface ActionMenuProps {
  /** Whether every action goes into the "More" menu (a phone's header), not only the `more` ones. */
  collapsed: boolean;
  /** ActionButtons for every day, each with its own dialog beside it: buttons in the row unless collapsed. */
  children: ReactNode;
  /** ActionButtons for rare or destructive actions (Delete List): always in the "More" menu, after the others. */
  more?: ReactNode;
}

/**
 * A page's secondary actions: the everyday ones in the row as buttons and the rare ones in a "More" menu, or all
 * of them in the menu where a row of them would push the page's content down (a phone). Every action keeps its
 * place in the tree either way (a button in the row is drawn there through a portal), so a dialog one of them owns
 * stays open, with what was typed in it, when the screen crosses the breakpoint (a phone rotated).
 */
export function ActionMenu({ collapsed, children, more }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const [row, setRow] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const everyday = useMemo(() => ({ inMenu: collapsed, close, row }), [collapsed, close, row]);
  const rare = useMemo(() => ({ inMenu: true, close, row }), [close, row]);
  const hasMenu = collapsed || (more != null && more !== false);
  const shown = hasMenu && open;
  // Collapsed, the actions are drawn once More is first opened: a phone's first screen need not pay for a
  // menu's items. Once drawn they stay, so a dialog one of them owns survives the breakpoint.
  const [drawn, setDrawn] = useState(!collapsed);
  if (!drawn && (!collapsed || open)) setDrawn(true);

  return (
    <>
      {/* The row's buttons, which each ActionButton draws here; no box of its own in the layout. */}
      <Box ref={setRow} sx={{ display: 'contents' }} />
      {/* The menu opens under More, at its right edge. */}
      <Box sx={hasMenu ? { position: 'relative' } : { display: 'none' }}>
        {hasMenu && (
          <AppButton
            ref={button}
            id={buttonId}
            variant="secondary"
            startIcon={<MoreHorizIcon fontSize="small" />}
            aria-haspopup="menu"
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            onClick={() => setOpen(!open)}
          >
            More
          </AppButton>
        )}
        {/* Listens to the document only while the menu is shown. */}
        <ClickAwayListener
          mouseEvent={shown ? 'onClick' : false}
          touchEvent={shown ? 'onTouchEnd' : false}
          onClickAway={(event) => !button.current?.contains(event.target as Node) && setOpen(false)}
        >
          <MenuList
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            autoFocusItem={shown}
            variant="menu"
            component="div"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                close();
              } else if (event.key === 'Tab') setOpen(false);
            }}
            sx={{
              display: shown ? 'block' : 'none',
              position: 'absolute',
              top: '100%',
              right: 0,
              mt: 0.5,
              minWidth: 200,
              zIndex: 'modal',
              bgcolor: 'background.paper',
              borderRadius: 1,
              boxShadow: 8,
            }}
          >
            {drawn && <ActionMenuContext.Provider value={everyday}>{children}</ActionMenuContext.Provider>}
            {drawn && <ActionMenuContext.Provider value={rare}>{more}</ActionMenuContext.Provider>}
          </MenuList>
        </ClickAwayListener>
      </Box>
    </>
  );
}
