// The passkey ceremonies in the browser (sign-in and enrolment), with @simplewebauthn/browser's
// bundle loaded before this file. Served by the back office with its types stripped. The
// messages come from the form's data- attributes, in the page's language.
interface WebAuthnBrowser {
  browserSupportsWebAuthn(): boolean;
  startRegistration(input: { optionsJSON: unknown }): Promise<unknown>;
  startAuthentication(input: { optionsJSON: unknown }): Promise<unknown>;
}
declare const SimpleWebAuthnBrowser: WebAuthnBrowser;

interface Answer {
  options?: unknown;
  challengeId?: string;
  error?: string;
  message?: string;
}

async function post(url: string, body: unknown): Promise<{ ok: boolean; answer: Answer }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => ({}))) as Answer;
  return { ok: response.ok, answer };
}

function setUp(form: HTMLFormElement) {
  const mode = form.dataset.passkey === 'enrol' ? 'enrol' : 'sign-in';
  const status = form.querySelector<HTMLElement>('.passkey__status');
  const error = form.querySelector<HTMLElement>('.passkey__error');
  const nameInput = form.querySelector<HTMLInputElement>('input[name="name"]');
  // The invitation's token is in the link's fragment: it never reaches a server log.
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  const say = (text: string, where: HTMLElement | null) => {
    if (status) status.textContent = where === status ? text : '';
    if (error) error.textContent = where === error ? text : '';
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      if (!SimpleWebAuthnBrowser.browserSupportsWebAuthn()) {
        say(form.dataset.unsupported ?? '', error);
        return;
      }
      const name = nameInput?.value.trim() ?? '';
      if (nameInput && !name) {
        say(nameInput.dataset.missing ?? '', error);
        nameInput.setAttribute('aria-invalid', 'true');
        nameInput.focus();
        return;
      }
      nameInput?.removeAttribute('aria-invalid');
      say(form.dataset.working ?? '', status);
      try {
        const start = await post(`/staff/api/${mode}/options`, { token, name });
        if (!start.ok && start.answer.error === 'name' && nameInput) {
          // Another member has this name: the field to change, before any passkey is made.
          nameInput.setAttribute('aria-invalid', 'true');
          nameInput.focus();
        }
        if (!start.ok) throw new Error(start.answer.message ?? form.dataset.failed);
        const response =
          mode === 'enrol'
            ? await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: start.answer.options })
            : await SimpleWebAuthnBrowser.startAuthentication({
                optionsJSON: start.answer.options,
              });
        const finish = await post(`/staff/api/${mode}/verify`, {
          token,
          name,
          challengeId: start.answer.challengeId,
          response,
        });
        if (!finish.ok) throw new Error(finish.answer.message ?? form.dataset.failed);
        // Signed in: the inbox after enrolment, else the page that asked for a session.
        if (mode === 'enrol') location.replace('/staff');
        else location.reload();
      } catch (failure) {
        const server = failure instanceof Error && failure.message ? failure.message : '';
        say(server || (form.dataset.failed ?? ''), error);
      }
    })();
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-passkey]')) setUp(form);
