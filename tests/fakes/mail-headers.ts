// Raw headers of messages as a receiving mailbox shows them ("Show original"), for the header check.

/** Sent by Google Workspace for good.test to a Gmail mailbox: everything aligned, one-click unsubscribe. */
export const GOOD_HEADERS = `Delivered-To: me@gmail.com
Received: by 2002:a05:6a10:1234 with SMTP id abc;
        Mon, 1 Dec 2026 09:00:02 -0800 (PST)
Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])
        by mx.google.com with SMTPS id x2sor;
        Mon, 1 Dec 2026 09:00:01 -0800 (PST)
        (version=TLS1_3 cipher=TLS_AES_256_GCM_SHA384 bits=256/256)
Authentication-Results: mx.google.com;
       dkim=pass header.i=@good.test header.s=google header.b=AbC123;
       spf=pass (google.com: domain of ann@good.test designates 209.85.220.41 as permitted sender) smtp.mailfrom=ann@good.test;
       dmarc=pass (p=QUARANTINE sp=QUARANTINE dis=NONE) header.from=good.test
Return-Path: <ann@good.test>
DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=good.test; s=google;
        h=list-unsubscribe-post:list-unsubscribe:to:subject:message-id:date:from:mime-version;
        bh=abc=; b=def=
From: Ann Lee <ann@good.test>
To: me@gmail.com
Subject: Hello
List-Unsubscribe: <https://good.test/u/123>, <mailto:unsub@good.test?subject=123>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Message-ID: <1@good.test>

Body text that is not read.
`;

/**
 * Sent through a shared ESP: SPF passes for the ESP's bounce domain (not aligned), DKIM signed by the ESP
 * only, DMARC fails, no unsubscribe headers, and a hop without TLS.
 */
export const BAD_HEADERS = `Received: from relay.esp.test (relay.esp.test [198.51.100.9])
        by mx.receiver.test with ESMTP id 99; Mon, 1 Dec 2026 09:00:01 +0000
Authentication-Results: mx.receiver.test;
       dkim=pass header.d=esp.test header.s=s1;
       spf=pass smtp.mailfrom=bounces@esp.test;
       dmarc=fail (p=NONE) header.from=fixme.test
Return-Path: <bounces@esp.test>
DKIM-Signature: v=1; a=rsa-sha256; d=esp.test; s=s1; h=from:to:subject; bh=x=; b=y=
From: "Fix Me" <sales@fixme.test>
Subject: Offer
`;
