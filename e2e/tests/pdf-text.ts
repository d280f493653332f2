import { readFile } from 'node:fs/promises';

// PDF.js 6 expects Promise.withResolvers (Node 22); the project runs on Node 20.19 too.
const withResolvers = <T>() => {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
(Promise as unknown as { withResolvers?: unknown }).withResolvers ??= withResolvers;

async function open(path: string) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return getDocument({ data: new Uint8Array(await readFile(path)), useSystemFonts: false }).promise;
}

/**
 * The text of a PDF file, one line per text run, pages in order: read with PDF.js, so a PDF whose
 * text cannot be extracted (a font without its Unicode map, text drawn as paths) reads as empty.
 */
export async function pdfText(path: string): Promise<string> {
  return (await pdfPageTexts(path)).join('\n');
}

/** The text of each page of a PDF file, as pdfText reads it. */
export async function pdfPageTexts(path: string): Promise<string[]> {
  const doc = await open(path);
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter(Boolean)
        .join('\n'),
    );
  }
  await doc.cleanup();
  return pages;
}

/** How many pages the PDF has. */
export async function pdfPages(path: string): Promise<number> {
  return (await open(path)).numPages;
}
