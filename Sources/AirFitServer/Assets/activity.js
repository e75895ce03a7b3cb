// The auto-pilot switch (the same machine as AutopilotToggle in Core): it flips at once, posts the setting, and flips
// back with the banner when the server refuses. One write at a time: a tap while writing is ignored.
(() => {
  const form = document.querySelector("form[data-autopilot]");
  if (!form) return;
  const button = form.querySelector("[role=switch]");
  const label = form.querySelector("[data-switch-label]");
  const next = form.querySelector("input[name=enabled]");
  const banner = document.querySelector("[data-autopilot-error]");
  const fallback = "Auto-pilot couldn't be changed. Check your connection and try again.";
  let writing = false;
  const show = (isOn) => {
    button.setAttribute("aria-checked", String(isOn));
    label.textContent = isOn ? "on" : "off";
    next.value = String(!isOn);
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (writing) return;
    const previous = button.getAttribute("aria-checked") === "true";
    const target = !previous;
    writing = true;
    button.setAttribute("aria-busy", "true");
    banner.hidden = true;
    show(target);
    const body = new URLSearchParams({ enabled: String(target) });
    let message = null;
    try {
      const answer = await fetch(form.action, {
        method: "POST", credentials: "same-origin", body,
        headers: { "Accept": "application/json", "X-CSRF-Token": form.querySelector("input[name=_csrf]").value },
      });
      if (!answer.ok) {
        const problem = await answer.json().catch(() => null);
        message = (problem && problem.error) || fallback;
      }
    } catch {
      message = fallback;
    }
    if (message) {
      show(previous);
      banner.textContent = message;
      banner.hidden = false;
    }
    writing = false;
    button.removeAttribute("aria-busy");
  });
})();
