/** Float pixel to 8 bits: rounded, clamped to 0..255. */
export function toByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : (value + 0.5) | 0;
}
