import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, verifiedOwner } from './api.ts';
import { checkA11y, launchBrowser, newPage } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('customers', () => {
  it('imports a CSV with a bad row, filters by tag, exports the filtered list and merges two customers', async () => {
    const { username, password, token } = await verifiedOwner('crm', 'CRM Org');
    const vip = await api<{ id: string }>('POST', '/v1/customer-tags', { name: 'VIP' }, token);
    await api(
      'POST',
      '/v1/customers',
      { first_name: 'Amy', last_name: 'Chan', phone: '51234567', tag_ids: [vip.id] },
      token,
    );
    await api('POST', '/v1/customers', { first_name: 'Amelia', last_name: 'Chan', whatsapp_id: '85251234567' }, token);

    const page = await newPage(browser);
    await page.goto('/auth/login');
    await page.getByLabel('Username or e-mail').waitFor();
    await checkA11y(page);
    await page.getByLabel('Username or e-mail').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await checkA11y(page);
    await page.goto('/app/relationship/customers');
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    await page.getByText('Amy Chan').waitFor();
    await checkA11y(page);

    // a new customer's drawer opens with the focus in its first field; Esc closes it
    await page.getByRole('button', { name: 'Add customer' }).click();
    await expect
      .poll(() => page.getByLabel('First name').evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'New customer' }).waitFor({ state: 'hidden' });

    // Import: the preview names the row whose phone is left out, then the progress bar runs to the report
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('First Name,Last Name,Phone,Tags\nBen,Lee,6234 5678,VIP\nCara,Ng,12,\nDan,Ho,9345 6789,\n'),
    });
    await dialog.getByText('Row 3: Phone "12" was left out: phone number is not valid').waitFor();
    await checkA11y(page, 'import dialog');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Import finished').waitFor({ timeout: 30_000 });
    await dialog.getByRole('progressbar').waitFor();
    // Cara is imported without her phone, with a warning on her row
    await dialog.getByText('3 added, 0 updated, 0 unchanged, 1 warnings on imported rows, 0 rows refused').waitFor();
    await dialog.getByRole('cell', { name: 'Phone "12" was left out: phone number is not valid' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Ben Lee').waitFor();

    // Filter by the tag: Amy and the imported Ben
    await page.getByLabel('Filter by tags').click();
    await page.getByTitle('VIP (2)').click();
    await page.keyboard.press('Escape');
    await page.getByText('Dan Ho').waitFor({ state: 'detached' });
    await page.getByText('Amy Chan').waitFor();

    // Export the filtered list and read the file
    await page.getByRole('button', { name: 'Export' }).hover();
    const download = page.waitForEvent('download');
    await page.getByText('Export as CSV').click();
    const file = await (await download).path();
    const rows = (await readFile(file!, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^salutation,first_name,last_name/);
    expect(
      rows
        .slice(1)
        .map((row) => row.split(',')[1])
        .sort(),
    ).toEqual(['Amy', 'Ben']);

    // Duplicates: Amy's phone is Amelia's WhatsApp id; merge them, keeping Amy
    await page.getByRole('button', { name: 'Duplicates' }).click();
    await page.getByText('Phone matches WhatsApp id').waitFor();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText('Which customer stays?').waitFor();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Which customer stays?' })
      .getByRole('button', { name: 'Merge' })
      .click();
    await page.getByText('Customers merged').waitFor();
    const chans = await api<{ display_name: string; whatsapp_id: string | null }[]>(
      'GET',
      '/v1/customers?keyword=chan',
      undefined,
      token,
    );
    expect(chans).toEqual([expect.objectContaining({ display_name: 'Amy Chan', whatsapp_id: '85251234567' })]);
  });
});
