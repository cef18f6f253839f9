import { describe, expect, it } from 'vitest';
import { contactLinks, extractEmails, extractEmailsFromHtml } from './emails';

describe('extractEmails from bios', () => {
  it.each([
    ['📧 hello@glowstudio.com', ['hello@glowstudio.com']],
    ['Bookings: Jane.Doe+IG@Studio-Nine.co.uk ✨', ['jane.doe+ig@studio-nine.co.uk']],
    ['contact me: jane [at] studio [dot] com', ['jane@studio.com']],
    ['jane(at)studio(dot)com', ['jane@studio.com']],
    ['jane (at) studio.com', ['jane@studio.com']],
    ['jane {at} bakery {dot} co', ['jane@bakery.co']],
    ['jane<at>bakery<dot>co', ['jane@bakery.co']],
    ['jane [@] bakery [.] io', ['jane@bakery.io']],
    ['mike at fitlab dot com for collabs', ['mike@fitlab.com']],
    ['MIKE AT FITLAB DOT COM', ['mike@fitlab.com']],
    ['info at my-shop dot co dot uk', ['info@my-shop.co.uk']],
    ['jane@studio dot com', ['jane@studio.com']],
    ['jane @ studio . com', ['jane@studio.com']],
    ['jane＠studio．com', ['jane@studio.com']],
    ['ｊａｎｅ＠ｓｔｕｄｉｏ.com', ['jane@studio.com']],
    ['ja\u200bne@stu\u200cdio.com', ['jane@studio.com']],
    ['hello@\u2060brand.com', ['hello@brand.com']],
    ['two: a@x.com, b@y.org and a@x.com again', ['a@x.com', 'b@y.org']],
    ['(hello@brand.com)', ['hello@brand.com']],
    ['<hello@brand.com>', ['hello@brand.com']],
    ['email:hello@brand.com|DM for collabs', ['hello@brand.com']],
  ])('%s', (bio, expected) => {
    expect(extractEmails(bio)).toEqual(expected);
  });

  it.each([
    ['Founder at Acme.com'],
    ['coffee at home, dot your i'],
    ['logo@2x.png and icon@3x.jpg'],
    ['DM @studio for collabs'],
    ['test@example.com placeholder'],
    [''],
  ])('finds nothing in %j', (bio) => {
    expect(extractEmails(bio)).toEqual([]);
  });
});

describe('extractEmailsFromHtml', () => {
  it('reads mailto links, entities and visible text, not scripts', () => {
    const html = `<html><script>var x = "tracker@sentry.io"; var y="admin@internal.example"</script>
      <a href="mailto:Sales@Shop.com?subject=Hi">Write</a>
      <p>Or support&#64;shop&#46;com</p><img src="hero@2x.png"></html>`;
    expect(extractEmailsFromHtml(html)).toEqual(['sales@shop.com', 'support@shop.com']);
  });

  it('offers same-site contact links only', () => {
    const html = `<a href="/contact-us">Contact</a><a href="https://evil.test/contact">x</a><a href="/shop">Shop</a>`;
    expect(contactLinks(html, 'https://shop.com/')).toEqual(['https://shop.com/contact-us']);
  });
});
