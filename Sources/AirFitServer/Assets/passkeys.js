"use strict";
// Passkeys (WebAuthn): a form marked data-passkey="create" or "get" asks its data-options URL for options with a
// fresh challenge, lets the browser's authenticator answer (Face ID, Touch ID, a PIN, a security key), puts the answer
// in the form's hidden fields and submits it; the server checks everything. Binary values travel as base64url.
(() => {
  const toBytes = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
  };
  const toText = (buffer) => {
    let binary = "";
    new Uint8Array(buffer).forEach((byte) => { binary += String.fromCharCode(byte); });
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const decodeOptions = (options) => {
    options.challenge = toBytes(options.challenge);
    if (options.user) options.user.id = toBytes(options.user.id);
    for (const list of [options.excludeCredentials, options.allowCredentials]) {
      (list || []).forEach((credential) => { credential.id = toBytes(credential.id); });
    }
    return options;
  };
  const encodeCredential = (credential) => {
    const response = credential.response;
    const out = { id: credential.id, rawId: toText(credential.rawId), type: credential.type,
      response: { clientDataJSON: toText(response.clientDataJSON) } };
    if (response.attestationObject) {
      out.response.attestationObject = toText(response.attestationObject);
      if (typeof response.getTransports === "function") out.response.transports = response.getTransports();
    } else {
      out.response.authenticatorData = toText(response.authenticatorData);
      out.response.signature = toText(response.signature);
      if (response.userHandle) out.response.userHandle = toText(response.userHandle);
    }
    return JSON.stringify(out);
  };
  const showError = (message) => {
    let banner = document.querySelector("[data-testid='error.banner']");
    if (!banner) {
      banner = document.createElement("div");
      banner.className = "alert";
      banner.setAttribute("role", "alert");
      banner.dataset.testid = "error.banner";
      const heading = document.querySelector("main h1");
      if (heading && heading.closest("header")) heading.closest("header").after(banner);
      else if (heading) heading.after(banner);
      else document.querySelector("main").prepend(banner);
    }
    banner.textContent = message;
  };
  const messageFor = (error, creating) => {
    if (error && error.name === "NotAllowedError") return "The passkey request was cancelled or timed out. Try again when you're ready.";
    if (error && error.name === "InvalidStateError") return "This device already has a passkey for your account.";
    if (error && error.name === "SecurityError") return "Passkeys don't work at this address. Open AirFit at its usual address (HTTPS or localhost).";
    return creating ? "The passkey couldn't be made on this device." : "The passkey couldn't be used on this device.";
  };
  const supported = window.isSecureContext && typeof window.PublicKeyCredential === "function";
  document.querySelectorAll("form[data-passkey]").forEach((form) => {
    const button = form.querySelector("button[type=submit]");
    if (!supported) {
      const note = form.querySelector("[data-passkey-unavailable]");
      if (note) note.hidden = false;
      if (button) button.disabled = true;
      return;
    }
    let ready = false;
    // Options are fetched as the page opens, so the click calls the authenticator at once: Safari lets WebAuthn run
    // only close to the tap (Face ID on an iPhone). Older than four minutes (challenges last five), they are fetched again.
    const fetchOptions = async () => {
      const token = form.querySelector("input[name=_csrf]").value;
      const answer = await fetch(form.dataset.options, { method: "POST", credentials: "same-origin",
        headers: { "X-CSRF-Token": token, "Accept": "application/json" } });
      const options = await answer.json();
      if (!answer.ok) throw Object.assign(new Error(options.error || "Passkeys aren't available right now."), { name: "ServerRefused" });
      return { options, at: Date.now() };
    };
    let prepared = fetchOptions().catch(() => null);
    form.addEventListener("submit", async (event) => {
      if (ready) return;
      event.preventDefault();
      const creating = form.dataset.passkey === "create";
      if (button) button.disabled = true;
      try {
        let fetched = await prepared;
        if (!fetched || Date.now() - fetched.at > 240000) fetched = await fetchOptions();
        prepared = Promise.resolve(fetched);
        const challenge = fetched.options.challenge;
        const publicKey = decodeOptions(JSON.parse(JSON.stringify(fetched.options)));
        const credential = creating ? await navigator.credentials.create({ publicKey }) : await navigator.credentials.get({ publicKey });
        form.querySelector("input[name=credential]").value = encodeCredential(credential);
        form.querySelector("input[name=challenge]").value = challenge;
        ready = true;
        form.submit();
      } catch (error) {
        showError(error && error.name === "ServerRefused" ? error.message : messageFor(error, creating));
      } finally {
        if (button && !ready) button.disabled = false;
      }
    });
  });
})();
