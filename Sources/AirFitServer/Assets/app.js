"use strict";
document.addEventListener("click", (event) => {
  const opener = event.target.closest("[data-open-dialog]");
  if (opener) {
    const dialog = document.getElementById(opener.dataset.openDialog);
    if (dialog && typeof dialog.showModal === "function") { event.preventDefault(); dialog.showModal(); }
    return;
  }
  const closer = event.target.closest("dialog [data-close]");
  if (closer && !closer.closest("[data-script-managed]")) closer.closest("dialog").close();
});
// Forms that ask for the browser's time zone (account setup) get it, so days are the person's own.
document.querySelectorAll("input[data-browser-time-zone]").forEach((field) => {
  try { field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { /* left empty: the server keeps its default */ }
});
// Installed on a phone, the app shows an offline page instead of the browser's error when the network is gone.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(() => {});
// The inbox bell: its unread count, read when the page opens and each minute while it is in view.
const bell = document.querySelector("[data-inbox-bell]");
if (bell) {
  const count = bell.querySelector("[data-inbox-count]");
  const refresh = () => fetch("/inbox/unread", {credentials: "same-origin", headers: {Accept: "application/json"}})
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => {
      if (!data || typeof data.unread !== "number") return;
      const unread = Math.max(0, Math.floor(data.unread));
      count.textContent = unread > 99 ? "99+" : String(unread);
      count.hidden = unread === 0;
      bell.setAttribute("aria-label", unread ? `Inbox, ${unread} unread` : "Inbox");
    })
    .catch(() => {});
  refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, 60000);
}
