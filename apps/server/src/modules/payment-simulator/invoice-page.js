/* global document, window */
// The simulator's invoice page: coin choice, the payment-window countdown and the outcome buttons.
// Served as a file because the CSP forbids inline scripts.
(function () {
  const body = document.body;
  const payUrl = body.dataset.payUrl;
  const buttons = Array.from(document.querySelectorAll('button[data-outcome]'));
  if (buttons.length === 0) return;
  const status = document.getElementById('status');
  const countdown = document.getElementById('countdown');
  const deadline = Date.now() + Number(body.dataset.remainingMs);
  let busy = false;

  function showCoin() {
    const chosen = document.querySelector('input[name="coin"]:checked');
    if (!chosen) return;
    document.getElementById('amount').textContent = chosen.dataset.amount;
    document.getElementById('address').textContent = chosen.dataset.address;
  }

  async function pay(outcome) {
    if (busy) return;
    busy = true;
    buttons.forEach((button) => (button.disabled = true));
    status.className = 'status';
    status.textContent = 'Sending the payment notifications…';
    const coin = document.querySelector('input[name="coin"]:checked');
    try {
      const response = await fetch(payUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          outcome: outcome,
          pay_currency: coin ? coin.value : undefined,
          duplicates: document.getElementById('duplicates').checked,
          out_of_order: document.getElementById('out-of-order').checked,
        }),
      });
      const result = await response.json();
      if (!response.ok) throw new Error(result.message || 'The simulator could not pay.');
      status.textContent = 'Done (' + result.outcome.replace('_', ' ') + '). Redirecting…';
      window.location.assign(result.redirect_url);
    } catch (error) {
      status.className = 'status error';
      status.textContent = error instanceof Error ? error.message : String(error);
      busy = false;
      buttons.forEach((button) => (button.disabled = false));
    }
  }

  function tick() {
    const left = Math.max(0, deadline - Date.now());
    const seconds = Math.ceil(left / 1000);
    countdown.textContent =
      String(Math.floor(seconds / 60)).padStart(2, '0') +
      ':' +
      String(seconds % 60).padStart(2, '0');
    if (left === 0) {
      window.clearInterval(timer);
      pay('expired');
    }
  }

  document.querySelectorAll('input[name="coin"]').forEach((input) => {
    input.addEventListener('change', showCoin);
  });
  buttons.forEach((button) => {
    button.addEventListener('click', () => pay(button.dataset.outcome));
  });
  showCoin();
  const timer = window.setInterval(tick, 1000);
  tick();
})();
