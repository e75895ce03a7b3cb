"use strict";
// "Use my location": the browser's position, rounded to two decimals (about 1 km) here, before it is sent.
(() => {
  const form = document.getElementById("use-mine");
  if (!form || !navigator.geolocation) return;
  form.hidden = false;
  const status = document.getElementById("use-mine-status");
  form.querySelector("button").addEventListener("click", () => {
    status.textContent = "Finding your location…";
    navigator.geolocation.getCurrentPosition((position) => {
      const round = (value) => (Math.round(value * 100) / 100).toFixed(2);
      form.elements.latitude.value = round(position.coords.latitude);
      form.elements.longitude.value = round(position.coords.longitude);
      form.submit();
    }, () => {
      status.textContent = "Your browser did not share a location. Allow it, or search for your place by name.";
    }, {maximumAge: 600000, timeout: 15000});
  });
})();
