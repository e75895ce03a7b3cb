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
