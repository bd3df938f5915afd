import type { ComponentProps } from 'react';

export type ActionButtonProps = Omit<ComponentProps<'button'>, 'color'> & {
  variant?: 'contained' | 'outlined';
};

/**
 * A native button styled like the theme's primary button (the app's static stylesheet). Used on the
 * landing step and in messages, which load with the first page: no Material UI there.
 */
export function ActionButton({
  variant = 'contained',
  type = 'button',
  className,
  children,
  ...rest
}: ActionButtonProps) {
  const classes = ['action-button', variant === 'outlined' ? 'action-button--outlined' : null, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} {...rest} className={classes}>
      {children}
    </button>
  );
}
