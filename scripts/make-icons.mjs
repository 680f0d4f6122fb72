// Writes the extension's icons (public/icon/<size>.png): an indigo square with a white "L".
// Run once with `node scripts/make-icons.mjs`; the PNGs are committed. Plain zlib, no image library.
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const SIZES = [16, 32, 48, 128];
const BACKGROUND = [0x43, 0x38, 0xca, 0xff];
const FOREGROUND = [0xff, 0xff, 0xff, 0xff];

/** True where the "L" is drawn: a vertical bar and a foot, in fractions of the icon's side. */
function inLetter(x, y, size) {
  const u = (v) => Math.floor(v * size);
  const stem = x >= u(0.3) && x < u(0.45) && y >= u(0.2) && y < u(0.8);
  const foot = x >= u(0.3) && x < u(0.72) && y >= u(0.65) && y < u(0.8);
  return stem || foot;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function png(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  // compression, filter and interlace methods stay 0
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0]; // filter type: none
    for (let x = 0; x < size; x++) row.push(...(inLetter(x, y, size) ? FOREGROUND : BACKGROUND));
    rows.push(Buffer.from(row));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = new URL('../public/icon/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const size of SIZES) writeFileSync(new URL(`${size}.png`, dir), png(size));
