// Draws the Sorteio logo (a tilted white ticket with a star on a violet background) and writes the
// app icons into public/. Only node's zlib is used, so the icons can be rebuilt anywhere with
// `npm run icons` and no image tool or download is needed.
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public')

const BRAND = [0x6d, 0x28, 0xd9] // violet-700, the manifest's theme_color
const WHITE = [0xff, 0xff, 0xff]
const TILT = (-12 * Math.PI) / 180

// Logo geometry in a unit square, centred on (0.5, 0.5).
const TICKET = { w: 0.64, h: 0.42, r: 0.06, notch: 0.075 }
const STAR = { cx: 0.07, outer: 0.13, inner: 0.055 }
const PERFORATION = { x: -0.15, dash: 0.045, gap: 0.03, width: 0.018 }

function starPoints(cx, cy, outer, inner) {
  const pts = []
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner
    const angle = -Math.PI / 2 + (i * Math.PI) / 5
    pts.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)])
  }
  return pts
}
const STAR_POLY = starPoints(STAR.cx, 0, STAR.outer, STAR.inner)

function insidePolygon(x, y, poly) {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]
    const [xj, yj] = poly[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

function insideRoundedRect(x, y, halfW, halfH, r) {
  const qx = Math.abs(x) - (halfW - r)
  const qy = Math.abs(y) - (halfH - r)
  if (qx <= 0 || qy <= 0) return Math.abs(x) <= halfW && Math.abs(y) <= halfH
  return qx * qx + qy * qy <= r * r
}

// Colour of one point in logo space (centred, scaled), or null where the background shows.
function logoColour(x, y) {
  const cos = Math.cos(-TILT)
  const sin = Math.sin(-TILT)
  const u = x * cos - y * sin
  const v = x * sin + y * cos
  const halfW = TICKET.w / 2
  const halfH = TICKET.h / 2
  if (!insideRoundedRect(u, v, halfW, halfH, TICKET.r)) return null
  const notchL = (u + halfW) ** 2 + v ** 2 <= TICKET.notch ** 2
  const notchR = (u - halfW) ** 2 + v ** 2 <= TICKET.notch ** 2
  if (notchL || notchR) return null
  if (insidePolygon(u, v, STAR_POLY)) return BRAND
  const period = PERFORATION.dash + PERFORATION.gap
  const inDash = (v + halfH - 0.04) % period < PERFORATION.dash
  if (Math.abs(u - PERFORATION.x) <= PERFORATION.width / 2 && inDash && Math.abs(v) < halfH - 0.04) {
    return BRAND
  }
  return WHITE
}

/** Renders an RGBA image. fullBleed fills every pixel (maskable, Apple); otherwise a rounded square. */
function render(size, { fullBleed, logoScale }) {
  const data = Buffer.alloc(size * size * 4)
  const samples = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size - 0.5
          const y = (py + (sy + 0.5) / samples) / size - 0.5
          const inBackground = fullBleed || insideRoundedRect(x, y, 0.5, 0.5, 0.22)
          if (!inBackground) continue
          const colour = logoColour(x / logoScale, y / logoScale) ?? BRAND
          r += colour[0]
          g += colour[1]
          b += colour[2]
          a += 1
        }
      }
      const i = (py * size + px) * 4
      if (a > 0) {
        data[i] = Math.round(r / a)
        data[i + 1] = Math.round(g / a)
        data[i + 2] = Math.round(b / a)
      }
      data[i + 3] = Math.round((a / (samples * samples)) * 255)
    }
  }
  return data
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf) {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, body) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(body.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([len, typed, crc])
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type RGBA
  const stride = size * 4
  const raw = Buffer.alloc((stride + 1) * size)
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0 // filter: none
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** An .ico file holding one PNG image (supported by every current browser). */
function encodeIco(size, png) {
  const head = Buffer.alloc(22)
  head.writeUInt16LE(0, 0)
  head.writeUInt16LE(1, 2) // type: icon
  head.writeUInt16LE(1, 4) // one image
  head[6] = size
  head[7] = size
  head.writeUInt16LE(1, 10) // colour planes
  head.writeUInt16LE(32, 12) // bits per pixel
  head.writeUInt32LE(png.length, 14)
  head.writeUInt32LE(22, 18)
  return Buffer.concat([head, png])
}

function svgLogo() {
  const hex = `#${BRAND.map((c) => c.toString(16).padStart(2, '0')).join('')}`
  const s = 100
  // Rounds to 2 decimals so the file stays readable.
  const n = (value) => Number((value * s).toFixed(2))
  const { w, h, r, notch } = TICKET
  const { x, dash, gap, width } = PERFORATION
  const star = STAR_POLY.map(([x, y]) => `${((x + 0.5) * s).toFixed(2)},${((y + 0.5) * s).toFixed(2)}`)
  const deg = (TILT * 180) / Math.PI
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${n(0.22)}" fill="${hex}"/>
  <mask id="m"><rect width="${s}" height="${s}" fill="#fff"/>
    <circle cx="${n(0.5 - w / 2)}" cy="${s / 2}" r="${n(notch)}" fill="#000"/>
    <circle cx="${n(0.5 + w / 2)}" cy="${s / 2}" r="${n(notch)}" fill="#000"/></mask>
  <g transform="rotate(${deg.toFixed(1)} ${s / 2} ${s / 2})">
    <rect x="${n(0.5 - w / 2)}" y="${n(0.5 - h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="#fff" mask="url(#m)"/>
    <polygon points="${star.join(' ')}" fill="${hex}"/>
    <line x1="${n(0.5 + x)}" y1="${n(0.5 - h / 2 + 0.04)}" x2="${n(0.5 + x)}" y2="${n(0.5 + h / 2 - 0.04)}"
      stroke="${hex}" stroke-width="${n(width)}" stroke-dasharray="${n(dash)} ${n(gap)}"/>
  </g>
</svg>
`
}

const outputs = [
  { file: 'pwa-192x192.png', size: 192, fullBleed: false, logoScale: 1 },
  { file: 'pwa-512x512.png', size: 512, fullBleed: false, logoScale: 1 },
  // Maskable icons are cropped to a circle of 80 % of the size, so the logo shrinks into that zone.
  { file: 'maskable-512x512.png', size: 512, fullBleed: true, logoScale: 0.8 },
  // iOS rounds the corners itself and shows transparency as black, so this one is full-bleed.
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true, logoScale: 0.9 },
]

for (const { file, size, fullBleed, logoScale } of outputs) {
  writeFileSync(join(outDir, file), encodePng(size, render(size, { fullBleed, logoScale })))
}
const favicon = encodePng(32, render(32, { fullBleed: false, logoScale: 1.08 }))
writeFileSync(join(outDir, 'favicon.ico'), encodeIco(32, favicon))
writeFileSync(join(outDir, 'favicon.svg'), svgLogo())
console.log('icons written to public/')
