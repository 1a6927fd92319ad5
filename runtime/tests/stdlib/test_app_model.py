# An application-style script: an inventory and order domain model using
# dataclasses, typing, enum, abc, functools, decimal, itertools, copy, pickle.
import abc
import copy
import enum
import functools
import itertools
import pickle
from dataclasses import asdict, dataclass, field, fields, replace, FrozenInstanceError
from decimal import Decimal, ROUND_HALF_UP
from typing import (Dict, Generic, List, Literal, NamedTuple, Optional,
                    Protocol, TypedDict, TypeVar, Union, get_type_hints,
                    runtime_checkable)

CENT = Decimal("0.01")
T = TypeVar("T")

def money(value) -> Decimal:
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)

@enum.unique
class Category(enum.Enum):
    TOOL = enum.auto()
    FOOD = enum.auto()
    BOOK = enum.auto()

class Priority(enum.IntEnum):
    LOW = 1
    NORMAL = 5
    URGENT = 9

class Tag(enum.Flag):
    NONE = 0
    FRAGILE = enum.auto()
    HEAVY = enum.auto()
    GIFT = enum.auto()

class Dimensions(NamedTuple):
    width: float
    height: float
    depth: float = 1.0

    def volume(self) -> float:
        return self.width * self.height * self.depth

class LineDict(TypedDict):
    sku: str
    qty: int
    total: str

@runtime_checkable
class Priced(Protocol):
    def price(self) -> Decimal: ...

@functools.total_ordering
@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    unit_price: Decimal
    category: Category
    tags: Tag = Tag.NONE
    size: Optional[Dimensions] = None

    def __post_init__(self):
        if not self.sku.isalnum():
            raise ValueError("bad sku %r" % self.sku)
        object.__setattr__(self, "unit_price", money(self.unit_price))
        if self.unit_price < 0:
            raise ValueError("negative price for %s" % self.sku)

    def __lt__(self, other):
        return (self.unit_price, self.sku) < (other.unit_price, other.sku)

    def price(self) -> Decimal:
        return self.unit_price

@dataclass(order=True)
class Line:
    product: Product
    qty: int = 1
    discount: Union[Decimal, int] = 0

    def total(self) -> Decimal:
        gross = self.product.unit_price * self.qty
        return money(gross * (1 - Decimal(self.discount) / 100))

class Repository(abc.ABC, Generic[T]):
    @abc.abstractmethod
    def get(self, key: str) -> T: ...

    @abc.abstractmethod
    def keys(self) -> List[str]: ...

    def all(self) -> List[T]:
        return [self.get(k) for k in self.keys()]

class MemoryRepo(Repository[T]):
    def __init__(self, items: Dict[str, T]):
        self._items = dict(items)

    def get(self, key: str) -> T:
        try:
            return self._items[key]
        except KeyError:
            raise LookupError("no item %r" % key) from None

    def keys(self) -> List[str]:
        return sorted(self._items)

@dataclass
class Order:
    number: int
    priority: Priority = Priority.NORMAL
    lines: List[Line] = field(default_factory=list)
    notes: Dict[str, str] = field(default_factory=dict, compare=False)
    status: Literal["open", "paid", "shipped"] = "open"

    def add(self, product: Product, qty: int = 1, discount=0) -> "Order":
        self.lines.append(Line(product, qty, discount))
        return self

    def total(self) -> Decimal:
        return functools.reduce(lambda acc, ln: acc + ln.total(), self.lines, Decimal("0.00"))

    def summary(self) -> List[LineDict]:
        return [LineDict(sku=l.product.sku, qty=l.qty, total=str(l.total())) for l in self.lines]

@functools.lru_cache(maxsize=8)
def shipping_cost(volume_bucket: int, heavy: bool) -> Decimal:
    return money(Decimal("4.99") + volume_bucket * Decimal("1.25") + (Decimal("7.5") if heavy else 0))

def ship(order: Order) -> Decimal:
    cost = Decimal(0)
    for ln in order.lines:
        vol = ln.product.size.volume() if ln.product.size else 0
        cost += shipping_cost(int(vol // 1000), bool(ln.product.tags & Tag.HEAVY))
    return money(cost)

def main():
    catalog = {
        "HAM1": Product("HAM1", "Hammer", Decimal("12.499"), Category.TOOL, Tag.HEAVY, Dimensions(30, 12, 4)),
        "SAW2": Product("SAW2", "Saw", 19.9, Category.TOOL, Tag.HEAVY | Tag.FRAGILE, Dimensions(60, 15, 2)),
        "TEA3": Product("TEA3", "Green tea", "3.333", Category.FOOD),
        "BK42": Product("BK42", "Guide", Decimal("24"), Category.BOOK, Tag.GIFT, Dimensions(21, 29.7, 3)),
    }
    repo: MemoryRepo[Product] = MemoryRepo(catalog)
    print("products:", [(p.sku, str(p.unit_price)) for p in repo.all()])
    print("sorted:", [p.sku for p in sorted(repo.all())], "max:", max(repo.all()).name)
    print("ge/le:", catalog["SAW2"] >= catalog["HAM1"], catalog["TEA3"] <= catalog["TEA3"])
    for bad in (lambda: Product("a-b", "x", 1, Category.TOOL),
                lambda: Product("Z9", "x", -1, Category.FOOD),
                lambda: repo.get("NOPE"),
                lambda: setattr(catalog["HAM1"], "name", "Mallet"),
                lambda: Repository()):
        try:
            bad()
        except (ValueError, LookupError, FrozenInstanceError, TypeError) as e:
            print("error:", type(e).__name__, e)
    print("tags:", Tag.HEAVY | Tag.FRAGILE, Tag.GIFT in catalog["BK42"].tags, Tag(5))
    print("priority:", sorted(Priority), Priority.URGENT > Priority.LOW, Priority(5).name, int(Priority.URGENT) + 1)
    print("categories:", [c.name for c in Category], Category["FOOD"].value)
    o1 = Order(1001).add(catalog["HAM1"], 2).add(catalog["TEA3"], 10, 15).add(catalog["BK42"])
    o2 = Order(1002, Priority.URGENT).add(catalog["SAW2"], 1, Decimal("12.5"))
    o3 = Order(1003, Priority.LOW, notes={"gift": "yes"}).add(catalog["TEA3"], 3).add(catalog["BK42"], 2, 50)
    orders = [o1, o2, o3]
    for o in orders:
        print(o.number, o.priority.name, str(o.total()), "ship", ship(o), o.summary())
    print("cache:", shipping_cost.cache_info(), "line order:", Line(catalog["TEA3"], 1) < Line(catalog["TEA3"], 2))
    every = sorted((ln for o in orders for ln in o.lines), key=lambda ln: ln.product.category.name)
    for cat, group in itertools.groupby(every, key=lambda ln: ln.product.category.name):
        group = list(group)
        print("group", cat, len(group), str(sum((g.total() for g in group), Decimal(0))))
    grand = functools.reduce(lambda a, b: a + b, (o.total() for o in orders))
    print("grand:", grand, "avg:", money(grand / len(orders)), repr(money("2.675")))
    d = asdict(o3)
    print("asdict keys:", list(d), "line0:", d["lines"][0]["product"]["sku"], type(d["lines"][0]["product"]["size"]).__name__)
    paid = replace(o3, status="paid")
    print("replace:", paid.status, o3.status, paid == o3, paid.lines is o3.lines)
    print("fields:", [(f.name, f.compare) for f in fields(Order)])
    clone = copy.deepcopy(o1)
    clone.lines[0].qty = 99
    print("deepcopy:", o1.lines[0].qty, clone.lines[0].qty, clone.lines[0].product is o1.lines[0].product, clone == o1)
    blob = pickle.dumps(orders, protocol=pickle.HIGHEST_PROTOCOL)
    back = pickle.loads(blob)
    print("pickle:", back == orders, back[1].priority is Priority.URGENT, back[0].lines[2].product.tags is Tag.GIFT,
          [str(o.total()) for o in back], type(back[0].lines[0].product.size).__name__)
    print("pickle product:", pickle.loads(pickle.dumps(catalog["SAW2"])) == catalog["SAW2"])
    def show(hints):
        return {k: v.__name__ if isinstance(v, type) else repr(v).replace("typing.", "")
                for k, v in hints.items()}
    for cls in (Product, Order, Line):
        print("hints %s:" % cls.__name__, show(get_type_hints(cls)))
    print("hints Dimensions:", show(get_type_hints(Dimensions)), Dimensions._fields, Dimensions(2, 3).volume())
    print("hints LineDict:", show(get_type_hints(LineDict)), LineDict.__required_keys__ == {"sku", "qty", "total"})
    print("hints ship:", show(get_type_hints(ship)), show(get_type_hints(Order.add)))
    print("generic:", show(get_type_hints(MemoryRepo.get)), MemoryRepo.__parameters__, repr(MemoryRepo[int].__origin__.__name__))
    print("protocol:", isinstance(catalog["HAM1"], Priced), isinstance(o1, Priced), sorted(MemoryRepo.__abstractmethods__), sorted(Repository.__abstractmethods__))

main()
