import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { AveiroServer } from '../../src/aveiro/server.ts';
import { CodeAgentGames } from '../../src/server/code-agent-games.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { loadCodeAgent } from '../../src/tetris-ai/code-agents.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { CHROMIUM } from '../system-parts.ts';

export const SCREENSHOTS = join(process.cwd(), 'test-results');

/** The real app: Gridmind's server on a free port with its own SQLite file. */
export class AppUnderTest {
  private running: RunningServer | null = null;
  private db: Db | null = null;
  readonly dbPath = join(mkdtempSync(join(tmpdir(), 'gridmind-e2e-')), 'gridmind.db');

  /** `agents`: agents in code the app may play, as `gridmind serve --agent FILE` (with a move time limit of 500 ms). */
  constructor(private readonly agents: readonly string[] = []) {}

  get url(): string {
    return this.running!.url;
  }

  async start(port = 0): Promise<void> {
    this.db = openDatabase(this.dbPath);
    const aveiro = new AveiroServer({ db: this.db, seed: 2, maxGames: 8 });
    const codeAgents = new CodeAgentGames(await Promise.all(this.agents.map((file) => loadCodeAgent(file, 500))));
    this.running = await startServer({ port, host: '127.0.0.1', db: this.db, webRoot: WEB_DIST, aveiro, codeAgents });
  }

  /** Stops the server and closes the database, as Ctrl-C does. */
  async stop(): Promise<number> {
    const port = Number(new URL(this.url).port);
    await this.running?.close();
    this.db?.close();
    return port;
  }
}

/** What a test's browser is like besides its defaults. */
export interface BrowserOptions {
  /** A touch screen, as a phone's (playwright's `page.touchscreen` needs one). */
  readonly hasTouch?: boolean;
}

/** Starts the app and a browser before a test file's tests and stops both after them. */
export function appInBrowser(
  agents: readonly string[] = [],
  options: BrowserOptions = {},
): { app: AppUnderTest; browser: () => BrowserContext } {
  const app = new AppUnderTest(agents);
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    await app.start();
    context = await launchBrowser(options);
  });
  afterAll(async () => {
    await context?.close();
    await app.stop();
  });
  return { app, browser: () => context! };
}

/** Headless Chromium with the flags this machine needs and a fresh profile. */
export async function launchBrowser({ hasTouch = false }: BrowserOptions = {}): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`there is no Chromium at ${CHROMIUM}: \`npm test\` installs it (scripts/test-system.ts), or set GRIDMIND_CHROMIUM`);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'gridmind-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    hasTouch,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page that fails the test on any script error, and on anything the Content-Security-Policy refuses.
 * It starts as a new visitor's: the settings earlier pages kept in local storage are forgotten, while a
 * reload of this page keeps them, as a browser tab does.
 */
export async function openPage(browser: BrowserContext, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    if (location.protocol !== 'http:' || sessionStorage.getItem('gridmind-test:opened') !== null) return; // a reload
    sessionStorage.setItem('gridmind-test:opened', 'yes');
    localStorage.clear();
  });
  page.on('pageerror', (error) => {
    throw error;
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) throw new Error(message.text());
  });
  await page.goto(url);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** How long a test waits for the page or the server: a busy 2-core machine can take seconds (expect.poll's own limit is 1 s). */
export const PATIENTLY = { timeout: 15_000 };

/** Whether the page is wider than the window (a narrow window must never scroll sideways). */
export const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Waits until the page has drawn two more frames (what a key or a click changed is then on screen). */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));

/** axe-core's script, run in the page (through the browser's protocol, which the page's content policy does not bind). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it stands, with its default rules: "rule: the nodes' selectors". */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
