// The install offer, in the page's flow with the other notices (never over the page): the
// browser's prompt behind a button, or Safari's steps in words. Shown at a good moment (core/install-offer.ts).

import { answer, promptInstall, useInstallOffer } from '../client/install.ts';
import { useT } from '../i18n.ts';

export function InstallOffer() {
  const t = useT();
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <div class="banner install" id="install-offer">
      <p>{offer === 'prompt' ? t.install.offer : t.install.explain}</p>
      {offer === 'prompt' ? (
        <button type="button" id="install-yes" onClick={() => void promptInstall()}>
          {t.install.yes}
        </button>
      ) : null}{' '}
      <button type="button" id="install-no" onClick={() => answer('no')}>
        {offer === 'prompt' ? t.install.no : t.install.understood}
      </button>
    </div>
  );
}
