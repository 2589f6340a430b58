import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH, hasChromium, missingChromiumMessage } from './chromium.js';

/** Headless Chromium, offline: no first run, no background requests, so a page's own requests are all there is. */
export function launchChromium(): Promise<Browser> {
  if (!hasChromium()) throw new Error(missingChromiumMessage());
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
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
