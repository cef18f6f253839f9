import { describe, expect, it } from 'vitest';
import { reducer, TOAST_DURATION, TOAST_LIMIT, type ToastData } from './toast';

const t = (id: string): ToastData => ({ id, title: id, open: true });

describe('toast reducer', () => {
  it('keeps at most one toast, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    let s = reducer({ toasts: [] }, { type: 'ADD', toast: t('a') });
    s = reducer(s, { type: 'ADD', toast: t('b') });
    expect(s.toasts.map((x) => x.id)).toEqual(['b']);
  });
  it('updates, dismisses and removes', () => {
    let s = reducer({ toasts: [] }, { type: 'ADD', toast: t('a') });
    s = reducer(s, { type: 'UPDATE', toast: { id: 'a', title: 'changed' } });
    expect(s.toasts[0].title).toBe('changed');
    s = reducer(s, { type: 'DISMISS', id: 'a' });
    expect(s.toasts[0].open).toBe(false);
    s = reducer(s, { type: 'REMOVE', id: 'a' });
    expect(s.toasts).toEqual([]);
  });
});
