// The way to the pack screen, from the screens that list what this phone keeps.

import { href } from '../router.ts';
import { usePackStrings } from './strings.ts';

export function PacksLink() {
  const ps = usePackStrings();
  return (
    <p>
      <a href={href.packs()} id="packs-link">
        {ps.link}
      </a>
    </p>
  );
}
