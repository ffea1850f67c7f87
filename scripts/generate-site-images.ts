/**
 * Makes the landing page's hero photo and the Open Graph card from assets/photos (licences in its README).
 * Run: node --import tsx scripts/generate-site-images.ts
 */
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'client/public/images');

async function main() {
  const hero = sharp(path.join(ROOT, 'assets/photos/LadyBird.jpg')).extract({
    left: 1000,
    top: 330,
    width: 1440,
    height: 900,
  });
  await hero.clone().resize(960, 600).webp({ quality: 74 }).toFile(path.join(OUT, 'hero-ladybird-960.webp'));
  await hero.clone().resize(640, 400).webp({ quality: 72 }).toFile(path.join(OUT, 'hero-ladybird-640.webp'));

  const card = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1033"/><stop offset="1" stop-color="#3b0f45"/></linearGradient>
    <linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#d946ef"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>
    <rect x="80" y="90" width="88" height="88" rx="22" fill="url(#m)"/>
    <path d="M105 149 134 120l10 10-29 29h-10z" fill="#fff"/>
    <text x="190" y="150" font-family="Inter, DejaVu Sans, sans-serif" font-size="44" font-weight="700" fill="#fff">Cleanup Studio</text>
    <text x="80" y="300" font-family="Inter, DejaVu Sans, sans-serif" font-size="60" font-weight="800" fill="#fff">AI Photo Cleanup Tool</text>
    <text x="80" y="380" font-family="Inter, DejaVu Sans, sans-serif" font-size="36" fill="#d8c7ff">Magic Eraser, Chat to Edit, Background Removal,</text>
    <text x="80" y="430" font-family="Inter, DejaVu Sans, sans-serif" font-size="36" fill="#d8c7ff">Upscaling and Professional Headshots</text>
  </svg>`);
  await sharp(card).png({ compressionLevel: 9 }).toFile(path.join(ROOT, 'client/public/og-image.png'));
}

await main();
