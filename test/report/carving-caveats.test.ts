// A frontier's caveats (the head carving's notes and warnings: loop counts the code does not
// give, a loopTrips key that gave none) in the PR comment's carving section and the HTML report,
// quoted as code in the comment and escaped in the HTML (they hold PTX text and paths).
import { describe, expect, it } from 'vitest';
import { renderCarvingSection } from '../../src/report/carving-markdown.js';
import type { FrontierComparisonSummary, PrCarvingSummary } from '../../src/model/types.js';
import { renderHtmlReport } from '../../src/report/index.js';

const side = { total: 2, survivors: ['BLOCK=128'], best: null, steps: [] };
const assumed =
  "2 of 2 variants: instructions, bytes and cycle estimates rest on loop trip counts the code does not give (BLOCK=128: 1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 1 (default)); the space's arguments or loopTrips can give them";
const frontier = (caveats?: string[]): FrontierComparisonSummary => ({
  space: 'escape',
  arch: 'sm_90',
  base: side,
  head: side,
  added: [],
  removed: [],
  kept: ['BLOCK=128'],
  current: null,
  plots: [],
  ...(caveats ? { caveats } : {}),
});
const carving = (frontiers: FrontierComparisonSummary[]): PrCarvingSummary => ({ frontiers, skipped: [], variantsCarved: 4, note: null });

describe('the carving caveats of a pull request', () => {
  it('quotes each as code under the table, three at most, and says how many more', () => {
    const markdown = renderCarvingSection(carving([frontier([assumed, 'a `tick` <b>', 'c', 'd', 'e'])]));
    expect(markdown).toContain(`**escape** (sm_90), head: \`${assumed}\`; \`\` a \`tick\` <b> \`\`; \`c\`; and 2 more.`);
    expect(renderCarvingSection(carving([frontier()]))).not.toContain('head:');
  });

  it('cuts a long one to 400 characters', () => {
    const markdown = renderCarvingSection(carving([frontier(['x'.repeat(1000)])]));
    expect(markdown).toContain(`\`${'x'.repeat(399)}…\``);
  });

  it('lists them escaped in the HTML report', () => {
    const html = renderHtmlReport({ title: 't', reports: [], carving: [], frontiers: carving([frontier(['loop at <a.cu>:8'])]) });
    expect(html).toContain('<li><code>escape</code> (sm_90), head: loop at &lt;a.cu&gt;:8</li>');
  });
});
