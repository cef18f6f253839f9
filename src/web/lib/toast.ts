import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { errorMessage } from './api';

// At most one toast visible; each closes after 5 s. Toasts can be added, updated,
// dismissed (animated close) and removed (dropped from state).
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
const TOAST_REMOVE_DELAY = 1000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
  duration?: number;
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

type Action =
  | { type: 'ADD'; toast: ToastData }
  | { type: 'UPDATE'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

interface State {
  toasts: ToastData[];
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(s: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  if (action.type === 'DISMISS') {
    for (const t of memoryState.toasts) if (!t.open) scheduleRemoval(t.id);
  }
  for (const l of listeners) l(memoryState);
}

let count = 0;

// Callable from anywhere (mutations, event handlers), not only inside components.
export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  dispatch({ type: 'ADD', toast: { duration: TOAST_DURATION, ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: 'DISMISS', id }),
    update: (next: ToastInput) => dispatch({ type: 'UPDATE', toast: { ...next, id } }),
  };
}

/** A mutation's onError: the title given, then the server's sentence (or a plain retry hint). */
export const failureToast = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, 'Please try again'), variant: 'destructive' });

export function dismissToast(id?: string): void {
  dispatch({ type: 'DISMISS', id });
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
