//! The native `_hashlib` module under `lib/hashlib.py`: message digests
//! from the RustCrypto crates (MD5, SHA-1, SHA-2, SHA-3, BLAKE2) and
//! PBKDF2-HMAC. A hash is an opaque handle whose state sits behind a
//! mutex, so threads updating one object at once are serialised and none
//! sees a torn state; `hashlib.py` builds the `hashlib` API on top.

use crate::builtins::buffer::bytes_like;
use crate::builtins::bytes::new_bytes;
use crate::builtins::tuple::new_tuple;
use crate::function::CallArgs;
use crate::object::{Object, Payload};
use crate::ops::index_i64;
use crate::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use digest::{Digest, Update, VariableOutput};
use parking_lot::Mutex;
use std::sync::OnceLock;

/// One running digest computation.
trait Algorithm: Send + Sync {
    fn absorb(&mut self, data: &[u8]);
    /// The digest of everything absorbed so far (the state is kept).
    fn digest(&self) -> Vec<u8>;
    fn clone_box(&self) -> Box<dyn Algorithm>;
}

/// A fixed-size digest from the `Digest` trait.
#[derive(Clone)]
struct Fixed<D>(D);

impl<D: Digest + Clone + Send + Sync + 'static> Algorithm for Fixed<D> {
    fn absorb(&mut self, data: &[u8]) {
        Digest::update(&mut self.0, data);
    }
    fn digest(&self) -> Vec<u8> {
        self.0.clone().finalize().to_vec()
    }
    fn clone_box(&self) -> Box<dyn Algorithm> {
        Box::new(self.clone())
    }
}

/// A BLAKE2 digest of a chosen size.
#[derive(Clone)]
struct Sized<V>(V);

impl<V: VariableOutput + Update + Clone + Send + Sync + 'static> Algorithm for Sized<V> {
    fn absorb(&mut self, data: &[u8]) {
        Update::update(&mut self.0, data);
    }
    fn digest(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.0.output_size()];
        // The buffer has exactly the output size, the one case where
        // finalize_variable cannot fail.
        let _ = self.0.clone().finalize_variable(&mut out);
        out
    }
    fn clone_box(&self) -> Box<dyn Algorithm> {
        Box::new(self.clone())
    }
}

/// (name, digest size, block size) of every algorithm, in CPython's
/// `algorithms_guaranteed` spelling.
const ALGORITHMS: &[(&str, usize, usize)] = &[
    ("md5", 16, 64),
    ("sha1", 20, 64),
    ("sha224", 28, 64),
    ("sha256", 32, 64),
    ("sha384", 48, 128),
    ("sha512", 64, 128),
    ("sha3_224", 28, 144),
    ("sha3_256", 32, 136),
    ("sha3_384", 48, 104),
    ("sha3_512", 64, 72),
    ("blake2b", 64, 128),
    ("blake2s", 32, 64),
];

/// A new computation of `name`; `size` is the digest size for BLAKE2.
fn start(name: &str, size: usize) -> Option<Box<dyn Algorithm>> {
    Some(match name {
        "md5" => Box::new(Fixed(md5::Md5::new())),
        "sha1" => Box::new(Fixed(sha1::Sha1::new())),
        "sha224" => Box::new(Fixed(sha2::Sha224::new())),
        "sha256" => Box::new(Fixed(sha2::Sha256::new())),
        "sha384" => Box::new(Fixed(sha2::Sha384::new())),
        "sha512" => Box::new(Fixed(sha2::Sha512::new())),
        "sha3_224" => Box::new(Fixed(sha3::Sha3_224::new())),
        "sha3_256" => Box::new(Fixed(sha3::Sha3_256::new())),
        "sha3_384" => Box::new(Fixed(sha3::Sha3_384::new())),
        "sha3_512" => Box::new(Fixed(sha3::Sha3_512::new())),
        "blake2b" => Box::new(Sized(blake2::Blake2bVar::new(size).ok()?)),
        "blake2s" => Box::new(Sized(blake2::Blake2sVar::new(size).ok()?)),
        _ => return None,
    })
}

struct HashHandle(Mutex<Box<dyn Algorithm>>);

fn class() -> &'static Object {
    static CLS: OnceLock<&'static Object> = OnceLock::new();
    CLS.get_or_init(|| super::new_native_class("HASH", "_hashlib"))
}

fn wrap(algorithm: Box<dyn Algorithm>) -> Value {
    Value::Obj(ObjRef::new(Object::new(
        class(),
        Payload::Native(Box::new(HashHandle(Mutex::new(algorithm)))),
    )))
}

fn arg<'a>(vm: &Vm, a: &CallArgs<'a>, i: usize) -> PyResult<&'a Value> {
    super::handle_arg(vm, a, i, "_hashlib")
}

fn handle<'a>(vm: &Vm, v: &'a Value) -> PyResult<&'a HashHandle> {
    super::handle_state(vm, v, "hash handle")
}

/// The bytes of data to hash, with CPython's two TypeErrors.
fn data_arg(vm: &Vm, v: &Value) -> PyResult<Vec<u8>> {
    if v.as_obj().and_then(|o| o.as_str()).is_some() {
        return Err(vm.type_error("Strings must be encoded before hashing"));
    }
    match bytes_like(vm, v)? {
        Some(b) => Ok(b.into_owned()),
        None => Err(vm.type_error("object supporting the buffer API required")),
    }
}

fn name_arg(vm: &Vm, v: &Value) -> PyResult<String> {
    v.as_obj()
        .and_then(|o| o.as_str())
        .map(str::to_string)
        .ok_or_else(|| vm.type_error("hash name must be a str"))
}

/// `new(name, size)`: a fresh handle, or None for an unknown name.
fn new(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let name = name_arg(vm, arg(vm, &a, 0)?)?;
    let size = index_i64(vm, arg(vm, &a, 1)?)?;
    Ok(usize::try_from(size)
        .ok()
        .and_then(|size| start(&name, size))
        .map_or(Value::None, wrap))
}

/// `info(name)`: `(digest_size, block_size)`, or None for an unknown name.
fn info(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let name = name_arg(vm, arg(vm, &a, 0)?)?;
    Ok(ALGORITHMS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map_or(Value::None, |(_, digest, block)| {
            new_tuple(vec![Value::Int(*digest as i64), Value::Int(*block as i64)])
        }))
}

fn update(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let h = handle(vm, arg(vm, &a, 0)?)?;
    let data = data_arg(vm, arg(vm, &a, 1)?)?;
    // Large inputs hash without holding up a stop-the-world pause.
    if data.len() > 1 << 16 {
        vm.detached(|| h.0.lock().absorb(&data));
    } else {
        h.0.lock().absorb(&data);
    }
    Ok(Value::None)
}

fn digest(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let h = handle(vm, arg(vm, &a, 0)?)?;
    let out = h.0.lock().digest();
    Ok(new_bytes(out))
}

fn copy(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let h = handle(vm, arg(vm, &a, 0)?)?;
    let duplicate = h.0.lock().clone_box();
    Ok(wrap(duplicate))
}

/// `pbkdf2_hmac(name, password, salt, iterations, dklen)`: the derived
/// key, or None for a digest PBKDF2 is not offered with.
fn pbkdf2_hmac(vm: &Vm, a: CallArgs) -> PyResult<Value> {
    let name = name_arg(vm, arg(vm, &a, 0)?)?;
    let password = data_arg(vm, arg(vm, &a, 1)?)?;
    let salt = data_arg(vm, arg(vm, &a, 2)?)?;
    let rounds = u32::try_from(index_i64(vm, arg(vm, &a, 3)?)?)
        .map_err(|_| vm.overflow_error("iteration value is too great."))?;
    let length = usize::try_from(index_i64(vm, arg(vm, &a, 4)?)?)
        .map_err(|_| vm.overflow_error("key length is too great."))?;
    let mut out = vec![0u8; length];
    let derive: fn(&[u8], &[u8], u32, &mut [u8]) = match name.as_str() {
        "md5" => pbkdf2::pbkdf2_hmac::<md5::Md5>,
        "sha1" => pbkdf2::pbkdf2_hmac::<sha1::Sha1>,
        "sha224" => pbkdf2::pbkdf2_hmac::<sha2::Sha224>,
        "sha256" => pbkdf2::pbkdf2_hmac::<sha2::Sha256>,
        "sha384" => pbkdf2::pbkdf2_hmac::<sha2::Sha384>,
        "sha512" => pbkdf2::pbkdf2_hmac::<sha2::Sha512>,
        "sha3_224" => pbkdf2::pbkdf2_hmac::<sha3::Sha3_224>,
        "sha3_256" => pbkdf2::pbkdf2_hmac::<sha3::Sha3_256>,
        "sha3_384" => pbkdf2::pbkdf2_hmac::<sha3::Sha3_384>,
        "sha3_512" => pbkdf2::pbkdf2_hmac::<sha3::Sha3_512>,
        // BLAKE2's buffering needs the general HMAC; HMAC takes keys of
        // any length, so its InvalidLength cannot happen.
        "blake2b" => |password, salt, rounds, out| {
            let _ =
                pbkdf2::pbkdf2::<hmac::SimpleHmac<blake2::Blake2b512>>(password, salt, rounds, out);
        },
        "blake2s" => |password, salt, rounds, out| {
            let _ =
                pbkdf2::pbkdf2::<hmac::SimpleHmac<blake2::Blake2s256>>(password, salt, rounds, out);
        },
        _ => return Ok(Value::None),
    };
    vm.detached(|| derive(&password, &salt, rounds, &mut out));
    Ok(new_bytes(out))
}

/// Builds the module.
pub fn make() -> ObjRef {
    let m = super::make_module(
        "_hashlib",
        &[
            ("new", new),
            ("info", info),
            ("update", update),
            ("digest", digest),
            ("copy", copy),
            ("pbkdf2_hmac", pbkdf2_hmac),
        ],
    );
    let names = ALGORITHMS
        .iter()
        .map(|(n, _, _)| crate::strobj::new_str(*n))
        .collect();
    super::set_attr(&m, "names", new_tuple(names));
    m
}
