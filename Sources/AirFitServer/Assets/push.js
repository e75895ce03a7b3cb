"use strict";
// Settings → Notifications: the browser's permission (the spec's "system permission" row) and turning Web Push on
// for this device: ask permission, subscribe with the server's key, and post the subscription with the form token.
(() => {
  const box = document.querySelector("[data-push]");
  if (!box) return;
  const status = box.querySelector("[data-push-permission]");
  const help = box.querySelector("[data-push-help]");
  const button = box.querySelector("[data-push-enable]");
  const token = document.querySelector("input[name=_csrf]");
  const say = (text, hint) => {
    if (text) status.textContent = text;
    help.textContent = hint || "";
    help.hidden = !hint;
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("Not available in this browser", "This browser can't show push notifications. Your inbox still gets everything.");
    return;
  }
  const render = () => {
    const permission = Notification.permission;
    if (permission === "granted") say("Allowed", "");
    else if (permission === "denied") say("Blocked", "Notifications are blocked for this site. Allow them in the browser's site settings (the icon next to the address), then reload this page.");
    else say("Not asked yet", "");
    if (button) button.hidden = permission === "denied";
  };
  render();
  if (!button) return;
  const bytes = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      render();
      if (permission !== "granted") return;
      const key = await fetch("/push/key", {credentials: "same-origin", headers: {Accept: "application/json"}});
      if (!key.ok) throw new Error("Push notifications aren't set up on this server.");
      const {publicKey} = await key.json();
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: bytes(publicKey)});
      const json = subscription.toJSON();
      const body = new URLSearchParams({_csrf: token ? token.value : "", endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth});
      const saved = await fetch("/settings/notifications/devices", {method: "POST", body, credentials: "same-origin", headers: {Accept: "application/json"}});
      if (!saved.ok) {
        const problem = await saved.json().catch(() => ({}));
        throw new Error(problem.error || "This device could not be saved. Try again.");
      }
      window.location.reload();
    } catch (error) {
      say("", (error && error.message) || "Push could not be turned on. Try again.");
    } finally {
      button.disabled = false;
    }
  });
})();
