// A stand-in for @napi-rs/keyring's Entry API (loaded through AGNT_KEYRING_MODULE): secrets in a
// JSON file, and one line in a second file each time the module is loaded, so that tests can
// see whether agnt loaded its keyring binding at all.
const { appendFileSync, readFileSync, writeFileSync } = require('node:fs');

const file = process.env.AGNT_FAKE_KEYRING_FILE;
appendFileSync(`${file}.loads`, 'loaded\n');

function all() {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

// AGNT_FAKE_KEYRING_BROKEN behaves like the real binding on a machine with no Secret Service.
const broken = () => {
  if (process.env.AGNT_FAKE_KEYRING_BROKEN) throw new Error("Couldn't access platform storage: AccessDenied");
};

class Entry {
  constructor(service, account) {
    this.key = `${service}/${account}`;
  }
  getPassword() {
    return all()[this.key] ?? null;
  }
  setPassword(password) {
    broken();
    writeFileSync(file, JSON.stringify({ ...all(), [this.key]: password }));
  }
  deletePassword() {
    const data = all();
    delete data[this.key];
    writeFileSync(file, JSON.stringify(data));
    return true;
  }
}

module.exports = { Entry };
