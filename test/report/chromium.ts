// Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
// commands on fd 3, events and replies on fd 4, NUL-separated JSON). Loads a page, collects
// console errors, exceptions and failed loads, counts elements and takes a screenshot.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import chromium, { inflate } from '@sparticuz/chromium';

/** The browser binary and the environment it runs with. */
export interface Browser {
  binary: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Headless Chromium from the npm registry: @sparticuz/chromium ships a brotli-compressed
 * chrome-headless-shell (x64 Linux) with the NSS/NSPR/expat libraries it links against, so
 * `npm ci` is the whole set-up (no apt, no download at install time). $CHROMIUM overrides it
 * (another platform, or a local browser).
 */
export async function openChromium(): Promise<Browser> {
  if (process.env.CHROMIUM) return { binary: process.env.CHROMIUM, env: process.env };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `The HTML report test runs @sparticuz/chromium, built for x64 Linux only; on ${process.platform}/${process.arch} set CHROMIUM=/path/to/chromium.`,
    );
  }
  const binary = await chromium.executablePath();
  // The shared libraries ride along in the package; put them first so the host needs none.
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '../bin');
  const libs = path.join(await inflate(path.join(bin, 'al2023.tar.br')), 'lib');
  const env = { ...process.env, LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') };
  return { binary, env };
}

export interface PageRun {
  /** console.error/warn calls, uncaught exceptions and error-level log entries (failed loads, CSP). */
  errors: string[];
  /** Results of the expressions evaluated after load, in order. */
  values: unknown[];
  screenshotPng: Buffer;
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, any>;
  result?: Record<string, any>;
  error?: { message: string };
  sessionId?: string;
}

export async function loadPage(browser: Browser, url: string, expressions: string[], width = 1280): Promise<PageRun> {
  const child = spawn(
    browser.binary,
    ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--no-zygote', '--remote-debugging-pipe', 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
      env: browser.env,
    },
  );
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  const pending = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  const listeners: Array<(m: Message) => void> = [];
  let buffer = '';
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end)) as Message;
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined && pending.has(message.id)) {
        const waiter = pending.get(message.id)!;
        pending.delete(message.id);
        if (message.error) waiter.reject(new Error(message.error.message));
        else waiter.resolve(message);
      } else for (const listener of listeners) listener(message);
    }
  });
  let nextId = 1;
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Message> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      input.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });
  try {
    const { result: target } = await send('Target.createTarget', { url: 'about:blank' });
    const { result: attached } = await send('Target.attachToTarget', { targetId: target!.targetId, flatten: true });
    const attachedId = attached!.sessionId as string;
    const errors: string[] = [];
    let loaded: () => void = () => {};
    const load = new Promise<void>((resolve) => (loaded = resolve));
    listeners.push((m) => {
      if (m.sessionId !== attachedId) return;
      if (
        m.method === 'Runtime.consoleAPICalled' &&
        (m.params!.type === 'error' || m.params!.type === 'warning' || m.params!.type === 'assert')
      ) {
        errors.push(
          `console.${m.params!.type}: ${(m.params!.args as Array<{ value?: unknown; description?: string }>).map((a) => a.value ?? a.description).join(' ')}`,
        );
      }
      if (m.method === 'Runtime.exceptionThrown')
        errors.push(`exception: ${m.params!.exceptionDetails.exception?.description ?? m.params!.exceptionDetails.text}`);
      if (m.method === 'Log.entryAdded' && (m.params!.entry.level === 'error' || m.params!.entry.level === 'warning'))
        errors.push(`log ${m.params!.entry.level}: ${m.params!.entry.text}${m.params!.entry.url ? ` (${m.params!.entry.url})` : ''}`);
      if (m.method === 'Page.loadEventFired') loaded();
    });
    for (const domain of ['Runtime.enable', 'Log.enable', 'Page.enable']) await send(domain, {}, attachedId);
    await send('Emulation.setDeviceMetricsOverride', { width, height: 900, deviceScaleFactor: 1, mobile: false }, attachedId);
    await send('Page.navigate', { url }, attachedId);
    await load;
    // Let late console messages arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const values: unknown[] = [];
    for (const expression of expressions) {
      const { result } = await send('Runtime.evaluate', { expression, returnByValue: true }, attachedId);
      values.push(result!.result.value);
    }
    const { result: shot } = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, attachedId);
    return { errors, values, screenshotPng: Buffer.from(shot!.data as string, 'base64') };
  } finally {
    child.kill('SIGTERM');
  }
}
