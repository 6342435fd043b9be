// Writes the spreadsheet import's test files into tests/fixtures/imports/ (npx tsx tests/tools/write-import-fixtures.ts):
// each as the program named writes it, so the bytes are what a founder's file would hold. Run again, it
// writes the same bytes (the workbook's zip entries are stamped with a fixed time, not the clock's).
//
// The catalogue investors the messy file and the workbook match (the e2e test seeds them):
//   Alice Moreau   alice.moreau@northwind-ventures.example  Northwind Ventures  northwind-ventures.example  exact (e-mail, another case)
//   Brian Okafor   brian@harbourcap.example                 Harbour Capital     harbourcap.example          likely (website and last name)
//   Chloé Dubois   chloe@lumiere.example                    Lumière Partners                                likely (name and firm)
//   David Kim      david.kim@summitpeak.example             Summit Peak Ventures summitpeak.example         exact (e-mail)
//   Elena Rossi    elena.rossi@aurora-capital.example       Aurora Capital                                  likely (name and firm)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import writeExcelFile from 'write-excel-file/node';

const dir = path.resolve('tests/fixtures/imports');
const write = (name: string, bytes: string | Buffer) => writeFileSync(path.join(dir, name), bytes);

/** Cells as a CSV line: quoted when they hold the delimiter, a quote or a line break. */
function csv(rows: string[][], delimiter: string, newline: string): string {
  const cell = (text: string) => (/["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text);
  return rows.map((row) => row.map(cell).join(delimiter)).join(newline) + newline;
}

// Google Sheets: File > Download > Comma-separated values. UTF-8 without a byte-order mark, commas, CRLF.
write(
  'google-sheets-export.csv',
  csv(
    [
      ['First Name', 'Last Name', 'Email', 'Company', 'Website', 'Status', 'Amount', 'Next follow-up', 'Notes'],
      ['José', 'García', 'jose@iberia-ventures.example', 'Iberia Ventures', 'https://iberia-ventures.example', 'Intro', '$250,000', '2026-04-15', 'Warm intro via Ana'],
      ['Priya', 'Shah', 'priya@banyan.example', 'Banyan Capital, LLC', 'banyan.example', 'Meeting', '1.2M', '2026-04-20', ''],
      ['Tom', 'Becker', '', 'Becker Family Office', '', 'Passed', '', '', 'Not investing in B2B, "for now"'],
      ['Mei', 'Lin', 'mei@lotus.example', 'Lotus Partners', '', 'Committed', '500k', '', 'Signed the SAFE'],
    ],
    ',',
    '\r\n',
  ),
);

// Excel on Windows in a European locale: File > Save As > CSV (semicolon separated), Windows-1252 (é, ü are
// one byte each: latin1 holds them at the same codes), thousands with dots, dates with dots, CRLF.
write(
  'excel-windows-1252.csv',
  Buffer.from(
    csv(
      [
        ['Name', 'E-Mail', 'Firma', 'Status', 'Betrag', 'Follow-up', 'Notes'],
        ['Renée Müller', 'renee@zurich-ventures.example', 'Zürich Ventures', 'Intro', '1.000.000', '15.04.2026', 'Café meeting in Zürich'],
        ['Jürgen Weiß', 'juergen@rhein.example', 'Rhein Kapital', 'Pitched', '250.000', '02.05.2026', ''],
        ['Hélène Faure', '', 'Capital Étoile', 'Pass', '', '', 'Trop tôt; revenir en 2027'],
      ],
      ';',
      '\r\n',
    ),
    'latin1',
  ),
);

// A CSV whose notes hold line breaks, quotes and commas inside quoted cells (LF line endings, as macOS tools write).
write(
  'quoted-newlines.csv',
  csv(
    [
      ['Name', 'Email', 'Firm', 'Notes'],
      ['Ada Lovelace', 'ada@engine.example', 'Analytical Engines', 'First line\nSecond line, with a comma\nThird "quoted" line'],
      ['Grace Hopper', 'grace@cobol.example', 'Compilers Inc', 'One line'],
      ['Alan Turing', 'alan@bletchley.example', 'Bletchley Park', 'Ends with a break\n'],
    ],
    ',',
    '\n',
  ),
);

// The messy file: 30 rows under the header (29 and an empty one) as a founder keeps them. Row numbers as the spreadsheet shows them
// (the header is row 1; row 3's note holds a line break, inside its quotes): rows 2-6 match the catalogue
// investors above; row 8's name is a =HYPERLINK cell, kept as text; row 9 has HTML in the name and notes;
// row 10 a bad e-mail; row 11 is empty (dropped, the numbers after it unchanged); row 12 has neither name nor
// e-mail; row 13 repeats row 2 (Alice Moreau); row 14 an amount that cannot be read ("about 2M"). Every slash
// date has both parts at most 12 (03/04/2026), so the file asks once which comes first.
const MESSY_HEADER = ['Name', 'Email', 'Firm', 'Website', 'Title', 'Status', 'Check size', 'Next step', 'Notes', 'City', 'Country'];
const messyRows: string[][] = [
  ['Alice Moreau', 'ALICE.MOREAU@northwind-ventures.example', 'Northwind Ventures', 'https://northwind-ventures.example', 'Partner', 'Intro', '$1.5M', '03/04/2026', 'Met at demo day', 'Paris', 'France'],
  ['Okafor, Brian', '', 'Harbour Capital', 'https://www.harbourcap.example/team', 'Principal', 'Pitched', '500k', '05/06/2026', 'Wants metrics\nafter Q2', 'London', 'United Kingdom'],
  ['Chloe Dubois', '', 'Lumiere Partners LLC', '', 'Managing Partner', 'TS', '€250K', '2026-05-01', '', 'Lyon', 'France'],
  ['David Kim', 'david.kim@summitpeak.example', 'Summit Peak Ventures', 'summitpeak.example', 'General Partner', 'Committed', '1,000,000', '12 Mar 2026', 'Wired', 'Seoul', 'South Korea'],
  ['Elena Rossi', '', 'Aurora', '', 'Partner', 'Pass', '', '', 'Too early for them', 'Milan', 'Italy'],
  ['Frank Miller', 'frank@millerangels.example', 'Miller Angels', '', 'Angel', 'Reached out', '50k', '01/02/2026', '', 'Austin', 'United States'],
  ['=HYPERLINK("https://linkedin.example/in/grace-ho","Grace Ho")', 'grace@ho-fund.example', 'Ho Fund', '', 'Angel', 'Meeting', '100k', '07/08/2026', '', 'New York', 'United States'],
  ['<b>Henry</b> Ford', 'henry@ford-angels.example', '', '', '', 'Emailed', '', '', '<script>alert("hi")</script> met twice', 'Detroit', 'United States'],
  ['Ivy Chen', 'ivy.chen@bad-email', 'Chen Capital', '', '', 'Call', '2.5 mm', '', '', 'Singapore', 'Singapore'],
  ['', '', '', '', '', '', '', '', '', '', ''],
  ['', '', 'Mystery Fund', '', '', 'Intro', '', '', 'No contact details yet', '', ''],
  ['Alice Moreau', 'alice.moreau@northwind-ventures.example', 'Northwind Ventures', '', 'Partner', 'Intro', '', '', 'Same person again', 'Paris', 'France'],
  ['Jordan Lee', 'jordan@lee-ventures.example', 'Lee Ventures', '', 'Partner', 'Lead', 'about 2M', '', '', 'Toronto', 'Canada'],
  ['Kim Nguyen', 'kim@saigon-seed.example', 'Saigon Seed', '', 'Partner', 'Declined', '', '', '', 'Ho Chi Minh City', 'Vietnam'],
  ["Liam O'Brien", 'liam@shamrock.example', 'Shamrock Capital', '', 'Associate', 'No', '', '', '', 'Dublin', 'Ireland'],
  ['Maya Patel', 'maya@ganges.example', 'Ganges Partners', '', 'Partner', 'Yes', '$2,000,000', '04/05/2026', '', 'Mumbai', 'India'],
  ['Noah Schmidt', 'noah@alpen.example', 'Alpen Invest', '', 'Partner', 'Closed', '1.000.000', '', '', 'Munich', 'Germany'],
  ['Olivia Brown', 'olivia@thames.example', 'Thames Angels', '', 'Angel', 'Term sheet', '750K', '06/07/2026', '', 'London', 'United Kingdom'],
  ['Dr. Priya Nair', 'priya@kerala.example', 'Kerala Ventures', '', 'Partner', 'Demo', '', '', '', 'Bangalore', 'India'],
  ['Quinn Taylor', 'quinn@taylor.example', '', '', 'Angel', 'Follow up', '25k', '', '', 'Denver', 'United States'],
  ['Rosa Martinez', 'rosa@andes.example', 'Andes Capital', '', 'Principal', 'Not interested', '', '', '', 'Santiago', 'Chile'],
  ['Sam Wilson', 'sam@wilson.example', 'Wilson Partners', '', 'Partner', 'New', '', '09/10/2026', '', 'Chicago', 'United States'],
  ['Tara Singh', 'tara@punjab.example', 'Punjab Angels', '', 'Angel', 'Intro', '$300k', '11/12/2026', '', 'Delhi', 'India'],
  ['Umar Farouk', 'umar@nile.example', 'Nile Ventures', '', 'Partner', 'Pitched', '', '', '', 'Cairo', 'Egypt'],
  ['Vera Novak', 'vera@vltava.example', 'Vltava Capital', '', 'Partner', 'Wired', '400,000', '', '', 'Prague', 'Czechia'],
  ['Will Turner', 'will@pearl.example', 'Pearl Fund', '', 'Partner', 'Meeting', '', '', '', 'Boston', 'United States'],
  ['Xena Park', 'xena@han.example', 'Han River Partners', '', 'Partner', 'Emailed', '', '', '', 'Seoul', 'South Korea'],
  ['Yusuf Demir', 'yusuf@bosphorus.example', 'Bosphorus Ventures', '', 'Partner', 'Intro', '', '', '', 'Istanbul', 'Turkey'],
  ['Zoe Carter', 'zoe@carter.example', 'Carter Angels', '', 'Angel', 'Lead', '', '', '', 'Sydney', 'Australia'],
  ['Mary Ann van der Berg', 'maryann@delta.example', 'Delta Partners', '', 'Partner', 'Intro', '', '', '', 'Amsterdam', 'Netherlands'],
];
write('messy-investors.csv', csv([MESSY_HEADER, ...messyRows], ',', '\r\n'));

// A workbook whose first sheet is a note to self and whose second holds the investors: the founder chooses.
// Amounts are numbers and a follow-up is a date cell, as Excel stores them.
const day = (iso: string) => ({ value: new Date(`${iso}T00:00:00Z`), format: 'dd mmm yyyy' });
// Its zip (fflate) stamps each entry with Date.now(): a fixed time makes the same bytes on every run.
const clock = Date.now;
Date.now = () => Date.UTC(2026, 0, 1);
const workbook = await writeExcelFile([
  {
    sheet: 'Read me',
    data: [['Investors for the seed round'], ['Updated weekly; the list is on the next sheet']],
  },
  {
    sheet: 'Investors',
    data: [
      ['First name', 'Last name', 'Email', 'Firm', 'Stage', 'Amount', 'Follow up'],
      ['David', 'Kim', 'david.kim@summitpeak.example', 'Summit Peak Ventures', 'Meeting', 1500000, day('2026-03-12')],
      ['Alice', 'Moreau', 'alice.moreau@northwind-ventures.example', 'Northwind Ventures', 'Intro', 250000, day('2026-04-02')],
      ['Sofia', 'Costa', 'sofia@tagus.example', 'Tagus Ventures', 'Lead', null, null],
      ['Lars', 'Eriksson', 'lars@fjord.example', 'Fjord Angels', 'Committed', '1.2M', '2026-05-20'],
    ],
  },
]).toBuffer();
Date.now = clock;
write('two-sheets.xlsx', workbook);
