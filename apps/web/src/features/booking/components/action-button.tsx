import Box from '@mui/material/Box';
import type { ComponentProps } from 'react';

export type ActionButtonProps = Omit<ComponentProps<'button'>, 'color'> & {
  variant?: 'contained' | 'outlined';
};

/**
 * A native button styled like the theme's primary button. Used on the landing step and in
 * messages, which load with the first page: MUI's Button (with its ripple) would add ~9 KB there.
 */
export function ActionButton({
  variant = 'contained',
  type = 'button',
  children,
  ...rest
}: ActionButtonProps) {
  const contained = variant === 'contained';
  return (
    <Box
      component="button"
      type={type}
      {...rest}
      sx={{
        font: 'inherit',
        fontWeight: 600,
        fontSize: '0.95rem',
        letterSpacing: '0.02em',
        lineHeight: 1.5,
        minHeight: 44,
        px: 2.5,
        py: 1,
        borderRadius: 1,
        border: '1px solid',
        borderColor: 'primary.main',
        bgcolor: contained ? 'primary.main' : 'transparent',
        color: contained ? 'primary.contrastText' : 'primary.main',
        cursor: 'pointer',
        '&:hover': contained
          ? { bgcolor: 'primary.dark', borderColor: 'primary.dark' }
          : { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '&:disabled': {
          cursor: 'not-allowed',
          bgcolor: contained ? 'action.disabledBackground' : 'transparent',
          borderColor: 'action.disabledBackground',
          color: 'text.secondary',
        },
      }}
    >
      {children}
    </Box>
  );
}
