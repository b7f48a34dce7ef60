/**
 * A uniformly shuffled copy (Fisher–Yates). `sort(() => Math.random() - 0.5)` is not one: the
 * order it gives depends on the sort algorithm and favours some permutations over others.
 */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
