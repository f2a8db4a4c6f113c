/** What the dev server reports about a build error. */
export interface DevBuildError {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

const overlayId = 'kit-dev-overlay';

/** Removes the build error overlay, if shown. */
export function clearDevOverlay(): void {
  document.getElementById(overlayId)?.remove();
}

/**
 * Shows a build error over the page as an accessible alert dialog naming `file:line:column` and the
 * message, with a Dismiss button (focused; Escape works too). A newer error replaces it.
 */
export function showDevOverlay(error: DevBuildError): void {
  clearDevOverlay();
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const overlay = document.createElement('div');
  overlay.id = overlayId;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-labelledby', `${overlayId}-title`);
  overlay.setAttribute('aria-describedby', `${overlayId}-message`);
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:flex-start;justify-content:center;padding:5vh 1rem;font-family:system-ui,sans-serif';
  const panel = document.createElement('div');
  panel.style.cssText =
    'background:#fff;color:#1a1a1a;max-width:56rem;width:100%;border-radius:8px;padding:1.5rem;border-top:6px solid #b00020;box-shadow:0 10px 40px rgba(0,0,0,.4)';
  const title = document.createElement('h2');
  title.id = `${overlayId}-title`;
  title.textContent = 'Build error';
  title.style.cssText = 'margin:0 0 .5rem;color:#b00020;font-size:1.25rem';
  const location = document.createElement('p');
  const code = document.createElement('code');
  code.textContent = [error.file, error.line, error.column].filter((part) => part !== undefined).join(':');
  location.append(code);
  const message = document.createElement('pre');
  message.id = `${overlayId}-message`;
  message.textContent = error.message;
  message.style.cssText = 'white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:4px;overflow:auto;max-height:60vh';
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  const close = () => {
    overlay.remove();
    previousFocus?.focus();
  };
  dismiss.addEventListener('click', close);
  overlay.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
    // The dialog holds one control: keep focus on it while it is open.
    if (event.key === 'Tab') {
      event.preventDefault();
      dismiss.focus();
    }
  });
  panel.append(title, location, message, dismiss);
  overlay.append(panel);
  document.body.append(overlay);
  dismiss.focus();
}
