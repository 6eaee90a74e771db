/** The invoice page's stylesheet (inline styles are allowed by the CSP; scripts are not). */
export const INVOICE_PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#0b0d14;color:#e6e8ef;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:520px;margin:0 auto;padding:16px}
.banner{background:#3b2a05;border:1px solid #f5b700;color:#ffd866;border-radius:10px;padding:10px 14px;font-size:14px}
.banner strong{display:block;font-size:15px;letter-spacing:.04em}
.card{background:#141826;border:1px solid #262b3d;border-radius:14px;padding:20px;margin-top:16px}
.muted{color:#8b92a8;font-size:13px}
h1{font-size:18px;margin:0 0 4px}
.price{font-size:34px;font-weight:700;margin:8px 0 0}
.price small{font-size:16px;color:#8b92a8;font-weight:500;margin-left:6px}
fieldset{border:0;padding:0;margin:18px 0 0}
legend{font-weight:600;margin-bottom:8px}
.coins{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px}
.coin{display:flex;align-items:center;gap:8px;border:1px solid #2c3248;border-radius:10px;padding:10px;cursor:pointer;font-size:14px}
.coin:has(input:checked){border-color:#7c5cff;background:#1d1a3a}
.coin input{accent-color:#7c5cff}
.send{margin-top:16px;background:#0f1220;border:1px dashed #2c3248;border-radius:10px;padding:12px}
.amount{font-size:20px;font-weight:700;font-variant-numeric:tabular-nums}
.address{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;word-break:break-all;color:#c9cde0}
.timer{display:flex;justify-content:space-between;align-items:center;margin-top:16px;font-weight:600}
.timer output{font-size:22px;font-variant-numeric:tabular-nums;color:#ffd866}
.options label{display:flex;gap:8px;align-items:center;margin-top:6px;font-size:14px}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:18px}
button,.button{font:inherit;font-weight:600;border-radius:10px;padding:12px;border:1px solid #2c3248;background:#1c2133;color:#e6e8ef;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{border-color:#4a5273}
button:disabled{opacity:.5;cursor:wait}
.primary{grid-column:1/-1;background:#7c5cff;border-color:#7c5cff;color:#fff}
.danger{color:#ff8a8a}
.status{min-height:1.5em;margin-top:12px;font-size:14px}
.status.error{color:#ff8a8a}
@media (min-width:900px){main{padding:40px 16px}.actions{grid-template-columns:repeat(3,1fr)}}
`;
