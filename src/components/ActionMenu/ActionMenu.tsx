import { createContext, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, ClickAwayListener, MenuList } from '@mui/material';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { AppButton } from '@/components/AppButton/AppButton';

interface ActionMenuContextValue {
  /** Closes the menu the action is in, the focus back on its button. */
  close: () => void;
}

const ActionMenuContext = createContext<ActionMenuContextValue | null>(null);

/** The menu an ActionButton is in, or null where it is a button in the row. */
export function useActionMenu(): ActionMenuContextValue | null {
  return useContext(ActionMenuContext);
}

export interface ActionMenuProps {
  /** Whether the actions go into a "More" menu (a phone's header) rather than stand in the row. */
  collapsed: boolean;
  /** ActionButtons, each with its own dialog beside it. */
  children: ReactNode;
}

/**
 * A page's secondary actions: in the row as buttons, or collapsed into a "More" menu where a row of them would
 * push the page's content down (a phone). The actions keep their place in the tree either way, so a dialog one
 * of them owns stays open, with what was typed in it, when the screen crosses the breakpoint (a phone rotated).
 */
export function ActionMenu({ collapsed, children }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const context = useMemo(
    () => ({
      close: () => {
        setOpen(false);
        button.current?.focus();
      },
    }),
    [],
  );
  const shown = collapsed && open;
  // Collapsed, the actions are drawn once More is first opened: a phone's first screen need not pay for a
  // menu's items. Once drawn they stay, so a dialog one of them owns survives the breakpoint.
  const [drawn, setDrawn] = useState(!collapsed);
  if (!drawn && (!collapsed || open)) setDrawn(true);

  return (
    <ActionMenuContext.Provider value={collapsed ? context : null}>
      {/* Collapsed, the menu opens under More, at its right edge; in the row, these boxes are not drawn. */}
      <Box sx={collapsed ? { position: 'relative' } : { display: 'contents' }}>
        {collapsed && (
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
            id={collapsed ? menuId : undefined}
            role={collapsed ? 'menu' : undefined}
            aria-labelledby={collapsed ? buttonId : undefined}
            autoFocusItem={shown}
            variant="menu"
            component="div"
            disablePadding={!collapsed}
            onKeyDown={(event) => {
              if (!collapsed) return;
              if (event.key === 'Escape') {
                event.preventDefault();
                context.close();
              } else if (event.key === 'Tab') setOpen(false);
            }}
            sx={
              collapsed
                ? {
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
                  }
                : { display: 'contents' }
            }
          >
            {drawn && children}
          </MenuList>
        </ClickAwayListener>
      </Box>
    </ActionMenuContext.Provider>
  );
}
