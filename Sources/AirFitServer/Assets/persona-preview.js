(() => {
  const button = document.querySelector('[data-testid="persona.preview.generate"]');
  const output = document.getElementById('persona-preview');
  if (!button || !output || !window.fetch || !window.AirFitEvents) return;
  const csrf = document.querySelector('[name=_csrf]').value;
  button.addEventListener('click', async event => {
    event.preventDefault();
    button.disabled = true;
    output.textContent = '';
    output.classList.remove('alert');
    output.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch('/settings/persona/preview', {method: 'POST', body: new URLSearchParams({_csrf: csrf})});
      await window.AirFitEvents.read(response, (event, data) => {
        if (event === 'delta') output.textContent += data.text;
        if (event === 'error') { output.textContent = data.message; output.classList.add('alert'); }
      });
    } catch (error) {
      output.textContent = 'The preview could not be generated. Try again.';
      output.classList.add('alert');
    } finally {
      output.removeAttribute('aria-busy');
      button.disabled = false;
    }
  });
})();
