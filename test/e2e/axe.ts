/**
 * axe-core (the standard accessibility engine) run inside the built page.
 *
 * The page's CSP allows scripts only from its own origin, so axe cannot be added as a <script>.
 * It is evaluated instead through the DevTools protocol (page.evaluate of axe's source): code the
 * browser runs for the debugger is not subject to the page's CSP, so the page under test keeps its
 * real policy (bypassCSP would test a page that no user gets).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Serious and critical violations of the page as it is now (WCAG 2.x A and AA rules, plus best practice). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(`if (!window.axe) { ${AXE_SOURCE}\n }`);
  const all = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: unknown[]; html: string; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: String(n.target.join(' ')), html: n.html.slice(0, 200), summary: (n.failureSummary ?? '').slice(0, 300) })),
    }));
  });
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
