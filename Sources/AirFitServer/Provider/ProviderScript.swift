/// The provider pages' script. Everything works without it (plain forms and pages); it only adds the
/// key's show/hide toggle, the "Validating key…" indicator, dialogs instead of the confirmation page,
/// and swapping in a provider's settings without reloading the page.
enum ProviderScript {
    static let source = """
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
            keyForm.addEventListener("submit", () => {
              status.textContent = "Validating key…";
              status.classList.add("busy");
              save.disabled = true;
              input.readOnly = true;
              if (toggle) { input.type = "password"; toggle.textContent = "Show"; toggle.setAttribute("aria-pressed", "false"); }
              keyForm.setAttribute("aria-busy", "true");
            });
            // Coming back with the Back button shows the form ready again, not stuck validating.
            window.addEventListener("pageshow", (event) => { if (event.persisted) reset(); });
          }

          // Choosing a provider swaps in its settings (models, limits, Save state); typed values stay.
          const form = document.getElementById("provider-form");
          if (form) {
            const announce = document.getElementById("choice-status");
            let latest = 0;
            form.addEventListener("change", async (event) => {
              if (event.target.name !== "provider") return;
              const ticket = ++latest;
              const current = document.getElementById("provider-choice");
              current.setAttribute("aria-busy", "true");
              try {
                const response = await fetch("/settings/provider?provider=" + encodeURIComponent(event.target.value),
                  { credentials: "same-origin", headers: { "Accept": "text/html" } });
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
                current.replaceWith(document.importNode(next, true));
                const legend = document.querySelector("#provider-choice legend");
                announce.textContent = legend ? "Showing " + legend.textContent + "." : "";
              } catch (error) {
                current.removeAttribute("aria-busy");
                for (const element of document.querySelectorAll("[data-js-hide]")) element.hidden = false;
              }
            });
          }
        })();
        """
}
