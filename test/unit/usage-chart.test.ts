// The --chart SVG: a long label is shortened to fit its column (whole in a tooltip), never cut off
// at the left edge; a cost under a cent is shown with the digits that tell bars apart; the title
// says the period as dates, not raw timestamps.
import { describe, expect, it } from 'vitest';
import { svgChart } from '../../src/workflows/usage/render.ts';
import type { Report } from '../../src/workflows/usage/types.ts';

const long = 'a-very-long-assistant-name-that-goes-on-and-on@research.example.test';
const report = {
  keys: ['user'],
  rows: [
    { user: 'usr_big', costUsd: 1.2345, share: 0.961 },
    { user: long, costUsd: 0.0321, share: 0.025 },
    { user: 'usr_small', costUsd: 0.0179, share: 0.014 },
  ],
  total: { costMicros: 1_284_500 },
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-29T13:45:00.000Z',
} as unknown as Report;

describe('svgChart', () => {
  const svg = svgChart(report);
  const texts = [...svg.matchAll(/<text x="(\d+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), anchor: /text-anchor="end"/.test(m[0]), text: m[2]! }));

  it('keeps every label inside the image, a long one shortened with its whole name in a tooltip', () => {
    const label = texts.find((t) => t.text.startsWith('a-very-long'))!;
    expect(label.anchor).toBe(false);
    expect(label.x).toBeGreaterThanOrEqual(8);
    expect(label.text.length).toBeLessThanOrEqual(38);
    expect(label.text.endsWith('…')).toBe(true);
    expect(svg).toContain(`<title>${long}: $0.032</title>`);
  });

  it('shows costs under a dollar with two significant digits, so that 1.4% and 2.5% bars differ', () => {
    expect(svg).toContain('>$0.032 (2.5%)</text>');
    expect(svg).toContain('>$0.018 (1.4%)</text>');
    expect(svg).toContain('>$1.23 (96.1%)</text>');
  });

  it('titles the period with dates and times, not timestamps', () => {
    expect(svg).toContain('<title>Cost by user, 2026-11-01 to 2026-11-29 13:45 UTC: $1.28</title>');
    expect(svg).not.toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
  });
});
