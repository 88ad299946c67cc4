import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A self-signed certificate for localhost/127.0.0.1, made once with openssl and shared by the test
// receivers and the processes that call them: test setups export NODE_EXTRA_CA_CERTS=<certFile>, so
// the app trusts it the way production trusts public CAs (no test-only code path in the services).
export const testCertificateFiles = () => {
  const dir = path.join(tmpdir(), "social-publisher-test-tls");
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  if (!existsSync(certFile)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${certFile}.${process.pid}`;
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "3650",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        keyFile,
        "-out",
        tmp,
      ],
      { stdio: "ignore" },
    );
    renameSync(tmp, certFile); // the cert appears only once the key next to it is complete
  }
  return { keyFile, certFile };
};

export const testCertificate = () => {
  const { keyFile, certFile } = testCertificateFiles();
  return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8") };
};
