"use strict";
(() => {
  for (const element of document.querySelectorAll("[data-js-hide]")) element.hidden = true;

  // Confirmation dialogs in place of the confirmation pages.
  for (const link of document.querySelectorAll("a[data-dialog]")) {
    link.addEventListener("click", (event) => {
      const dialog = document.getElementById(link.dataset.dialog);
      if (!dialog || typeof dialog.showModal !== "function") return;
      event.preventDefault();
      dialog.showModal();
    });
  }
  for (const button of document.querySelectorAll("dialog [data-close]")) {
    button.addEventListener("click", () => button.closest("dialog").close());
  }

  // The key: show/hide, and "Validating key…" while the server checks it.
  const input = document.getElementById("apikey");
  const toggle = document.querySelector('[data-testid="apikey.toggle"]');
  if (input && toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", () => {
      const show = input.type === "password";
      input.type = show ? "text" : "password";
      toggle.textContent = show ? "Hide" : "Show";
      toggle.setAttribute("aria-pressed", String(show));
      input.focus();
    });
  }
  const keyForm = document.getElementById("key-form");
  if (keyForm && input) {
    const status = document.getElementById("validating");
    const save = keyForm.querySelector('button[type="submit"]');
    const reset = () => {
      status.textContent = "";
      status.classList.remove("busy");
      save.disabled = false;
      input.readOnly = false;
      keyForm.removeAttribute("aria-busy");
    };
    keyForm.addEventListener("submit", async (event) => {
      status.textContent = "Validating key…";
      status.classList.add("busy");
      save.disabled = true;
      input.readOnly = true;
      if (toggle) { input.type = "password"; toggle.textContent = "Show"; toggle.setAttribute("aria-pressed", "false"); }
      keyForm.setAttribute("aria-busy", "true");
      if (!window.fetch || !window.DOMParser) return;
      // Sent from here so a refused key stays in the field to correct (the server never sends a key back).
      event.preventDefault();
      try {
        const response = await fetch(keyForm.action, {method: "POST", body: new URLSearchParams(new FormData(keyForm)), headers: {Accept: "text/html"}});
        if (response.redirected) { window.location.assign(response.url); return; }
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const errors = page.getElementById("form-errors");
        const current = document.getElementById("form-errors");
        if (current) current.remove();
        if (errors) keyForm.before(document.importNode(errors, true));
        const skip = page.querySelector('[data-testid="apikey.skipTest"]');
        if (skip && !keyForm.querySelector('[data-testid="apikey.skipTest"]')) status.before(document.importNode(skip.closest("label"), true));
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", "form-errors");
        reset();
        input.focus();
      } catch (error) {
        reset();
        status.textContent = "The server could not be reached. Check your connection and try again.";
      }
    });
    // Coming back with the Back button shows the form ready again, not stuck validating.
    window.addEventListener("pageshow", (event) => { if (event.persisted) reset(); });
  }

  // Choosing a provider swaps in its settings (models, limits, Save state); typed values stay. The settings
  // come from a POST with the form's CSRF token: asking a provider for its live model list uses the stored key,
  // which a GET never does. On load the shown provider's live list replaces the catalog's the same way.
  const form = document.getElementById("provider-form");
  if (form) {
    const announce = document.getElementById("choice-status");
    let latest = 0;
    const swap = async (provider, announceIt) => {
      const ticket = ++latest;
      const current = document.getElementById("provider-choice");
      current.setAttribute("aria-busy", "true");
      try {
        const body = new URLSearchParams(new FormData(form));
        body.set("action", "choose");
        body.set("provider", provider);
        const response = await fetch("/settings/provider", {
          method: "POST", credentials: "same-origin", body,
          headers: { "Accept": "text/html", "Content-Type": "application/x-www-form-urlencoded" } });
        if (!response.ok) throw new Error(String(response.status));
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const next = page.getElementById("provider-choice");
        if (ticket !== latest) return;
        if (!next) throw new Error("signed out");
        for (const name of ["temperature", "max_tokens"]) {
          const typed = current.querySelector('[name="' + name + '"]');
          const field = next.querySelector('[name="' + name + '"]');
          if (typed && field) field.value = typed.value;
        }
        if (!announceIt) {
          // The same provider's live list: the model already picked stays picked when the list has it.
          const typed = current.querySelector('[name="model"]');
          const field = next.querySelector('[name="model"]');
          if (typed && field && field.tagName === "SELECT" && [...field.options].some((o) => o.value === typed.value)) {
            field.value = typed.value;
          }
        }
        current.replaceWith(document.importNode(next, true));
        const legend = document.querySelector("#provider-choice legend");
        if (announceIt) announce.textContent = legend ? "Showing " + legend.textContent + "." : "";
      } catch (error) {
        current.removeAttribute("aria-busy");
        for (const element of document.querySelectorAll("[data-js-hide]")) element.hidden = false;
      }
    };
    form.addEventListener("change", (event) => {
      if (event.target.name === "provider") swap(event.target.value, true);
    });
    const shown = form.querySelector('input[name="shown"]');
    if (shown && !document.querySelector('[role="alert"]')) swap(shown.value, false);
  }
})();
