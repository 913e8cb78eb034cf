import { Mailbox } from './mailbox.js';
import { mailApp } from './server.js';

describe('the mailbox page', () => {
  it('shows what a mail holds as text: a subject, an address, a code, a link and the body are escaped', async () => {
    const mailbox = new Mailbox();
    mailbox.send({
      to: 'someone+"><img src=x onerror=alert(1)>@example.com',
      subject: '<script>alert("subject")</script> & more',
      text: 'Body </pre><b>bold</b>',
      html: '<p>unused</p>',
      codes: ['<i>123456</i>'],
      links: ['http://127.0.0.1:54321/auth/v1/verify?token=t&type=signup&redirect_to="><svg onload=alert(1)>'],
    });
    const response = await mailApp(mailbox).request('/');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).not.toMatch(/<(script|img|svg|b|i)[\s>]/);
    expect(page).toContain('<h2>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; more</h2>');
    expect(page).toContain('To someone+&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@example.com');
    expect(page).toContain('<p>Code: <code>&lt;i&gt;123456&lt;/i&gt;</code></p>');
    expect(page).toContain(
      '<p><a href="http://127.0.0.1:54321/auth/v1/verify?token=t&amp;type=signup&amp;redirect_to=&quot;&gt;&lt;svg onload=alert(1)&gt;">',
    );
    expect(page).toContain('<pre>Body &lt;/pre&gt;&lt;b&gt;bold&lt;/b&gt;</pre>');
  });

  it('says when it holds no mail', async () => {
    const page = await (await mailApp(new Mailbox()).request('/')).text();
    expect(page).toContain('<main><h1>Mailbox</h1><p>No mail yet.</p></main>');
  });
});
