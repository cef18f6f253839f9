import { describe, expect, it } from 'vitest';
import { hexToOklch, readableForeground } from './branding-color';

describe('brand colour', () => {
  it('converts hex to the oklch the stylesheet uses', () => {
    expect(hexToOklch('#ffffff')).toBe('oklch(1.000 0.000 0.0)');
    expect(hexToOklch('#000000')).toBe('oklch(0.000 0.000 0.0)');
    // index.css's own primary, oklch(0.51 0.23 277), is close to #4f39f6.
    const [l, c, h] = hexToOklch('#4f39f6').slice(6, -1).split(' ').map(Number);
    expect(l).toBeCloseTo(0.51, 1);
    expect(c).toBeCloseTo(0.23, 1);
    expect(Math.abs(h - 277)).toBeLessThan(3);
  });

  it('picks white text on dark colours and dark text on light ones', () => {
    expect(readableForeground('#1a73e8').hex).toBe('#fcfcfc');
    expect(readableForeground('#0f766e').hex).toBe('#fcfcfc');
    expect(readableForeground('#facc15').hex).toBe('#1a1d2e');
    expect(readableForeground('#ffffff').hex).toBe('#1a1d2e');
  });
});
