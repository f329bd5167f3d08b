import type { ButtonHTMLAttributes } from 'preact';

export type ButtonVariant = 'primary' | 'secondary' | 'contrast' | 'outline';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

/** A native button with Pico's variants; type defaults to "button" so it never submits by accident. */
export function Button({ variant = 'primary', type = 'button', class: cls, ...rest }: Props) {
  const classes = [variant === 'primary' ? '' : variant, cls].filter(Boolean).join(' ');
  return <button type={type} class={classes || undefined} {...rest} />;
}
