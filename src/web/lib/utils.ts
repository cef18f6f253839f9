import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

// Merge Tailwind classes so a caller's className can override a component's defaults.
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
