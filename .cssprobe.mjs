import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const css = readFileSync(process.argv[2], 'utf8');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ colorScheme: 'light' });
await p.setContent(`<style>${css}</style>
<div class="my" style="--rk-accent: rgb(1, 2, 3)"><div class="rk-root"><button class="rk-button rk-button-primary" id="a">x</button></div></div>
<div data-rk-theme="dark"><div class="rk-root"><button class="rk-button" id="b">x</button></div></div>
<button class="rk-button rk-button-primary" id="c">standalone</button>
<div class="rk-root"><button class="rk-button" id="d">x</button></div>`);
const s = (id, prop) => p.evaluate(([id, prop]) => getComputedStyle(document.getElementById(id))[prop], [id, prop]);
console.log('ancestor override accent:', await s('a', 'backgroundColor'));
console.log('dark themed surface:', await s('b', 'backgroundColor'));
console.log('standalone primary:', await s('c', 'backgroundColor'), 'radius', await s('c','borderRadius'));
console.log('light surface:', await s('d', 'backgroundColor'));
await b.close();
