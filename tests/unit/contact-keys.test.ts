// The keys an imported row is matched on: case, accents, punctuation and firm suffixes set aside.
import { describe, expect, it } from 'vitest';
import { emailKey, firmKey, foldText, personKey, webDomain, websiteDomain } from '../../src/shared/contact-keys.js';

describe('contact keys', () => {
  it('folds text: lower case, accents and punctuation gone, a missing value empty', () => {
    expect(foldText('  María-José  Núñez ')).toBe('maria jose nunez');
    expect(foldText("O'Brien, Jr.")).toBe('o brien jr');
    expect(foldText('ÅSA Øster')).toBe('asa ster');
    expect(foldText('NaN')).toBe('');
    expect(foldText(null)).toBe('');
    expect(foldText('Łódź')).toBe('odz');
  });

  it('sets a firm’s suffixes aside, as whole words only', () => {
    expect(firmKey('Andes Ventures, LLC')).toBe('andes');
    expect(firmKey('The Blue Group Holdings Inc.')).toBe('blue');
    expect(firmKey('Smith & Co. Capital Partners L.P.')).toBe('smith l p');
    expect(firmKey('Smith Capital LP')).toBe('smith');
    expect(firmKey('Venturesome')).toBe('venturesome');
    expect(firmKey('Fund')).toBe('');
  });

  it('keys a person at a firm only when first, last and firm are all there', () => {
    expect(personKey('JOHN', 'smith', 'Smith Capital LLC')).toBe('john smith|smith');
    expect(personKey('Jöhn', 'Smith', 'smith capital')).toBe('john smith|smith');
    expect(personKey('John', 'Smith', 'Capital')).toBe('');
    expect(personKey('', 'Smith', 'Acme')).toBe('');
    expect(personKey('John', 'NaN', 'Acme')).toBe('');
  });

  it('reads a website’s domain without scheme, www, port, path, query or fragment', () => {
    expect(webDomain('https://www.Andes.vc/team?x=1')).toBe('andes.vc');
    expect(webDomain('andes.vc')).toBe('andes.vc');
    expect(webDomain('HTTP://andes.vc:8080')).toBe('andes.vc');
    expect(webDomain('www.andes.vc#about')).toBe('andes.vc');
    expect(webDomain('NaN')).toBe('');
    expect(webDomain(undefined)).toBe('');
  });

  it('reads a mail\'s website domain as that, or none where it is no host', () => {
    expect(websiteDomain(' WWW.Acme.VC ')).toBe('acme.vc');
    expect(websiteDomain('http://a16z.com:8080')).toBe('a16z.com');
    for (const none of ['NaN', 'n/a', '', null, undefined]) expect(websiteDomain(none)).toBeNull();
  });

  it('matches e-mails in any case, trimmed', () => {
    expect(emailKey('  Maria.Nunez@Andes.VC ')).toBe('maria.nunez@andes.vc');
    expect(emailKey('NaN')).toBe('');
  });
});
