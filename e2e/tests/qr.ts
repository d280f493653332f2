import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * What a QR code drawn as SVG says: rasterised in the page and read back with jsQR, so the check
 * is of what is drawn, not of what an attribute claims. Null when it cannot be read.
 */
export async function decodeQr(svg: Locator): Promise<string | null> {
  const image = await svg.evaluate(async (el) => {
    const size = 400;
    const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(el)], { type: 'image/svg+xml' }));
    const img = new Image(size, size);
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, size, size);
    URL.revokeObjectURL(url);
    return { size, data: Array.from(ctx.getImageData(0, 0, size, size).data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.size, image.size)?.data ?? null;
}
