/**
 * The 'blur thumbnails' preference (privacy for an adult product): a list image stays blurred until
 * its tile is hovered or focused; a tap opens the detail view, which always shows it sharp. The
 * tile that holds the image must carry Tailwind's `group` class.
 */
export function thumbnailBlurClass(blur: boolean): string {
  return blur
    ? 'blur-xl transition-[filter] duration-300 group-hover:blur-none group-focus-visible:blur-none'
    : '';
}
