# A realistic money script: invoices with taxes, discounts and rounding.
from decimal import Decimal, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_DOWN, localcontext, getcontext

CENT = Decimal('0.01')


def money(x):
    return Decimal(x).quantize(CENT, ROUND_HALF_UP)


CATALOG = {
    'widget': Decimal('19.99'),
    'gadget': Decimal('4.35'),
    'gizmo': Decimal('0.333'),
    'service-hour': Decimal('85.00'),
    'cable': Decimal('2.495'),
}

TAX_RATES = {'standard': Decimal('20'), 'reduced': Decimal('5.5'), 'zero': Decimal('0')}

invoices = [
    ('INV-001', 'ACME Corp', [('widget', 3, 'standard'), ('gadget', 10, 'reduced'),
                              ('cable', 7, 'standard')], Decimal('0')),
    ('INV-002', 'Globex', [('service-hour', Decimal('7.5'), 'standard'),
                           ('gizmo', 1000, 'zero')], Decimal('12.5')),
    ('INV-003', 'Initech', [('gadget', 1, 'reduced'), ('cable', 1, 'reduced'),
                            ('widget', 1, 'standard')], Decimal('3')),
    ('INV-004', 'Umbrella', [('gizmo', 3, 'standard')], Decimal('0')),
]

grand = Decimal(0)
tax_totals = {}
for number, customer, lines, discount_pct in invoices:
    print('%s  %s' % (number, customer))
    subtotal = Decimal(0)
    taxes = {}
    for item, qty, rate_name in lines:
        price = CATALOG[item]
        qty = Decimal(qty)
        line_total = money(price * qty)
        subtotal += line_total
        taxes[rate_name] = taxes.get(rate_name, Decimal(0)) + line_total
        print(f'  {item:<14}{qty:>8} x {price:>8} = {line_total:>10,}')
    discount = money(subtotal * discount_pct / 100)
    net = subtotal - discount
    tax = Decimal(0)
    for rate_name in sorted(taxes):
        base = taxes[rate_name]
        if subtotal:
            base = money(base - base * discount_pct / 100)
        t = money(base * TAX_RATES[rate_name] / 100)
        tax_totals[rate_name] = tax_totals.get(rate_name, Decimal(0)) + t
        tax += t
        print(f'  tax {rate_name:<9} {TAX_RATES[rate_name]:>5}% on {base:>10,} = {t:>9}')
    total = net + tax
    grand += total
    print(f'  subtotal {subtotal:>12,.2f}')
    print(f'  discount {discount_pct:>5}% {-discount:>9,.2f}')
    print(f'  tax      {tax:>12,.2f}')
    print(f'  TOTAL    {total:>12,.2f}  ({total!r})')
    print()

print('grand total', grand, f'{grand:,.2f}', f'{grand:_^20.2f}')
print('tax totals', sorted((k, str(v)) for k, v in tax_totals.items()))

# splitting a bill: remainders go to the first payers
amount = Decimal('100.00')
parts = 3
share = (amount / parts).quantize(CENT, ROUND_DOWN)
shares = [share] * parts
leftover = amount - share * parts
i = 0
while leftover > 0:
    shares[i] += CENT
    leftover -= CENT
    i += 1
print('split', [str(s) for s in shares], sum(shares) == amount)

# compound interest with bankers rounding each month
balance = Decimal('2500.00')
monthly = Decimal('4.25') / 100 / 12
for month in range(1, 13):
    interest = (balance * monthly).quantize(CENT, ROUND_HALF_EVEN)
    balance += interest
    if month % 3 == 0:
        print(f'month {month:2d} interest {interest:>7} balance {balance:>10,}')

# half-up versus half-even on the classic ties
for v in ['0.125', '0.135', '2.675', '1.005', '-0.125']:
    d = Decimal(v)
    print(v, d.quantize(CENT, ROUND_HALF_UP), d.quantize(CENT, ROUND_HALF_EVEN),
          round(d, 2), float(v) == float(d))

# currency conversion at high precision, then rounded
with localcontext(prec=50):
    rate = Decimal(1) / Decimal('1.0875')
    print('rate', rate)
    converted = money(Decimal('1234.56') * rate)
print('converted', converted, getcontext().prec)

# percentages and formatting
growth = (Decimal('1512.40') - Decimal('1344.00')) / Decimal('1344.00')
print(f'growth {growth:.2%} {growth:.4f} {growth:e}')
print(f'{Decimal("-1234567.891"):+,.2f} {Decimal("0.5"):06.2f} {Decimal("1e6"):,.0f}')
print(sum([Decimal('0.1')] * 10) == 1, sum([0.1] * 10) == 1)
print(min(CATALOG.values()), max(CATALOG.values()), sorted(CATALOG.values())[1:3])
