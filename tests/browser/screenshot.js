// Screenshots of a report page for docs/images (scripts/report-screenshots): the page at
// 1200 px wide, cut to `height`, after `keys` were pressed (the step-through's keys).
//   usage: node screenshot.js REPORT_HTML OUT_PNG HEIGHT [SELECTOR [KEY...]]
// With SELECTOR the picture is of that element only.
'use strict';
const puppeteer = require('puppeteer-core');

const [, , file, out, height, selector, ...keys] = process.argv;
(async () => {
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({width: 1200, height: Number(height)});
    await page.goto('file://' + file);
    for (const key of keys) await page.keyboard.press(key);
    if (selector) {
      const element = await page.$(selector);
      if (!element) throw new Error('no ' + selector + ' in ' + file);
      await element.screenshot({path: out});
    } else {
      await page.screenshot({path: out});
    }
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error('screenshot.js: ' + (e.stack || e));
  process.exit(1);
});
