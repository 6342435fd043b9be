// The one MUI theme: neutral greys, one indigo accent, system font stack (no font is fetched),
// 8 px radius, hairline borders, and the product's breakpoints (sm 640, md 768, lg 1024, xl 1280, 2xl 1536) (2xl is a custom key).
import { alpha, createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    '2xl': true;
  }
  interface Palette {
    border: string;
  }
  interface PaletteOptions {
    border?: string;
  }
}

const accent = '#4b45e6';
const ink = '#111827';
const muted = '#6b7280';
const border = '#e5e7eb';
const canvas = '#f9fafb';

export const SIDEBAR_WIDTH = 230;

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } },
  palette: {
    mode: 'light',
    primary: { main: accent, dark: '#3a2fc9', light: '#818cf8', contrastText: '#ffffff' },
    secondary: { main: '#374151', contrastText: '#ffffff' },
    error: { main: '#dc2626' },
    // dark is the green for text: 5.5:1 on white (main, 3.8:1, only for icons and large text).
    success: { main: '#059669', dark: '#047857' },
    warning: { main: '#d97706' },
    text: { primary: ink, secondary: muted },
    divider: border,
    border,
    background: { default: canvas, paper: '#ffffff' },
    grey: {
      50: '#f9fafb',
      100: '#f3f4f6',
      200: '#e5e7eb',
      300: '#d1d5db',
      400: '#9ca3af',
      500: '#6b7280',
      600: '#4b5563',
      700: '#374151',
      800: '#1f2937',
      900: '#111827',
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'Inter, "Inter Variable", ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 14,
    h1: { fontSize: '1.75rem', fontWeight: 650, letterSpacing: '-0.02em', lineHeight: 1.25 },
    h2: { fontSize: '1.5rem', fontWeight: 650, letterSpacing: '-0.015em', lineHeight: 1.3 },
    h3: { fontSize: '1.25rem', fontWeight: 600, letterSpacing: '-0.01em' },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    h5: { fontSize: '1rem', fontWeight: 600 },
    h6: { fontSize: '0.875rem', fontWeight: 600 },
    subtitle1: { fontSize: '0.9375rem', color: muted },
    body1: { fontSize: '0.9375rem' },
    body2: { fontSize: '0.875rem' },
    caption: { fontSize: '0.75rem', color: muted },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        '::selection': { backgroundColor: alpha(accent, 0.18) },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8, paddingInline: 14, minHeight: 38 },
        sizeSmall: { minHeight: 32, paddingInline: 10 },
        sizeLarge: { minHeight: 44, fontSize: '0.9375rem' },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: border } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 12, borderColor: border } },
    },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          backgroundColor: '#ffffff',
          '& .MuiOutlinedInput-notchedOutline': { borderColor: '#d1d5db' },
          '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: '#9ca3af' },
          '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderWidth: 1, borderColor: accent },
          '&.Mui-focused': { boxShadow: `0 0 0 3px ${alpha(accent, 0.15)}` },
          '&.Mui-error .MuiOutlinedInput-notchedOutline, &.Mui-error:hover .MuiOutlinedInput-notchedOutline': { borderColor: '#dc2626' },
          '&.Mui-error.Mui-focused': { boxShadow: `0 0 0 3px ${alpha('#dc2626', 0.12)}` },
          '&.Mui-error.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: '#dc2626' },
        },
        input: { paddingBlock: 10 },
      },
    },
    MuiInputLabel: {
      styleOverrides: { root: { fontSize: '0.875rem' } },
    },
    MuiFormHelperText: { styleOverrides: { root: { marginInline: 2, marginTop: 6 } } },
    MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 500 } } },
    MuiDialog: {
      styleOverrides: {
        paper: { borderRadius: 12, boxShadow: '0 24px 48px -12px rgba(17, 24, 39, 0.25)' },
      },
    },
    MuiMenu: {
      styleOverrides: {
        paper: {
          border: `1px solid ${border}`,
          boxShadow: '0 10px 30px -10px rgba(17, 24, 39, 0.2)',
        },
      },
    },
    MuiMenuItem: { styleOverrides: { root: { fontSize: '0.875rem', minHeight: 36, borderRadius: 6, marginInline: 4 } } },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 8 } } },
    MuiTooltip: { styleOverrides: { tooltip: { backgroundColor: ink, fontSize: '0.75rem' } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 8 } } },
  },
});
