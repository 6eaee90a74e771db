/**
 * The most memory this process has held resident since it started, in MiB (the kernel's maxRSS):
 * what a pull of gigabytes of weights really needed, whatever it holds when asked.
 */
export function peakResidentMb(): number {
  // resourceUsage reports maxRSS in KiB.
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
